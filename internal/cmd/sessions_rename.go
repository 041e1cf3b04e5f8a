package cmd

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/app"
)

// SessionsRenameOptions are the inputs of `hone sessions rename`.
type SessionsRenameOptions struct {
	ID    string // full id or unique prefix
	Title string
	Store *app.Store
}

func newSessionsRenameCmd(f *Factory, runF func(context.Context, *SessionsRenameOptions) error) *cobra.Command {
	opts := &SessionsRenameOptions{}
	c := &cobra.Command{
		Use:   "rename ID TITLE",
		Short: "Change a session's title",
		Long:  "Change a session's title. Words after the id are joined, so quoting the title is optional.",
		Args:  cobra.MinimumNArgs(2),
		RunE: func(c *cobra.Command, args []string) error {
			opts.ID = args[0]
			opts.Title = strings.TrimSpace(strings.Join(args[1:], " "))
			if opts.Title == "" {
				return usageError(errors.New("the title is empty"))
			}
			if runF != nil {
				return runF(c.Context(), opts)
			}
			st, err := openStore(c.Context(), f)
			if err != nil {
				return err
			}
			opts.Store = st
			return runSessionsRename(c.Context(), opts, f.IO)
		},
	}
	return c
}

func runSessionsRename(ctx context.Context, opts *SessionsRenameOptions, io IO) error {
	s, err := resolveSession(ctx, opts.Store.Sessions, opts.ID)
	if err != nil {
		return err
	}
	if err := opts.Store.Sessions.SetTitle(ctx, s.ID, opts.Title); err != nil {
		return err
	}
	fmt.Fprintf(io.Err, "renamed session %s to %q\n", s.ID, opts.Title)
	return nil
}
