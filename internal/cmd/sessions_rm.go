package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/app"
)

// SessionsRmOptions are the inputs of `hone sessions rm`.
type SessionsRmOptions struct {
	ID    string // full id or unique prefix
	Yes   bool   // skip the confirmation
	Store *app.Store
}

func newSessionsRmCmd(f *Factory, runF func(context.Context, *SessionsRmOptions) error) *cobra.Command {
	opts := &SessionsRmOptions{}
	c := &cobra.Command{
		Use:     "rm ID",
		Aliases: []string{"delete"},
		Short:   "Delete a session with its messages, file history and sub-sessions",
		Args:    cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.ID = args[0]
			if runF != nil {
				return runF(c.Context(), opts)
			}
			st, err := openStore(c.Context(), f)
			if err != nil {
				return err
			}
			opts.Store = st
			return runSessionsRm(c.Context(), opts, f.IO)
		},
	}
	c.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "delete without asking")
	return c
}

func runSessionsRm(ctx context.Context, opts *SessionsRmOptions, io IO) error {
	s, err := resolveSession(ctx, opts.Store.Sessions, opts.ID)
	if err != nil {
		return err
	}
	if !opts.Yes {
		if io.StdinIsPipe {
			return usageError(fmt.Errorf("not deleting session %s: confirm with --yes when stdin is not a terminal", s.ID))
		}
		fmt.Fprintf(io.Err, "Delete session %s %q and everything in it? [y/N] ", s.ID, sessionTitle(s))
		answer, _ := bufio.NewReader(io.In).ReadString('\n')
		switch strings.ToLower(strings.TrimSpace(answer)) {
		case "y", "yes":
		default:
			return withCode(ExitError, errors.New("cancelled; nothing deleted"))
		}
	}
	if err := opts.Store.Sessions.Delete(ctx, s.ID); err != nil {
		return err
	}
	fmt.Fprintf(io.Err, "deleted session %s\n", s.ID)
	return nil
}
