package cmd

import (
	"context"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/session"
)

// SessionsListOptions are the inputs of `hone sessions list`.
type SessionsListOptions struct {
	Cwd   string // project directory ("" = current)
	All   bool   // every project
	Limit int    // 0 = no limit
	JSON  bool
	Store *app.Store
}

func newSessionsListCmd(f *Factory, runF func(context.Context, *SessionsListOptions) error) *cobra.Command {
	opts := &SessionsListOptions{}
	c := &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List the sessions of this project, most recent first",
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if opts.Limit < 0 {
				return usageError(fmt.Errorf("--limit must be positive, got %d", opts.Limit))
			}
			opts.Cwd = f.Global.Cwd
			if runF != nil {
				return runF(c.Context(), opts)
			}
			st, err := openStore(c.Context(), f)
			if err != nil {
				return err
			}
			opts.Store = st
			return runSessionsList(c.Context(), opts, f.IO)
		},
	}
	fl := c.Flags()
	fl.BoolVarP(&opts.All, "all", "a", false, "list the sessions of every project")
	fl.IntVarP(&opts.Limit, "limit", "n", 50, "show at most this many sessions (0: all)")
	fl.BoolVar(&opts.JSON, "json", false, "print JSON")
	return c
}

func runSessionsList(ctx context.Context, opts *SessionsListOptions, io IO) error {
	lo := session.ListOptions{All: opts.All, Limit: opts.Limit}
	if !opts.All {
		dir, err := session.CanonicalDir(opts.Cwd)
		if err != nil {
			return err
		}
		lo.ProjectDir = dir
	}
	list, err := opts.Store.Sessions.List(ctx, lo)
	if err != nil {
		return err
	}
	if opts.JSON {
		if list == nil {
			list = []session.Session{}
		}
		return printJSON(io.Out, list)
	}
	if len(list) == 0 {
		if opts.All {
			fmt.Fprintln(io.Err, "no sessions yet")
		} else {
			fmt.Fprintf(io.Err, "no sessions in %s (--all lists every project)\n", lo.ProjectDir)
		}
		return nil
	}
	tw := tabwriter.NewWriter(io.Out, 0, 4, 2, ' ', 0)
	header := "ID\tUPDATED\tTOKENS\tCOST\tTITLE"
	if opts.All {
		header += "\tPROJECT"
	}
	fmt.Fprintln(tw, header)
	for _, s := range list {
		tokens := s.InputTokens + s.OutputTokens + s.CacheReadTokens + s.CacheWriteTokens
		fmt.Fprintf(tw, "%s\t%s\t%s\t$%.4f\t%s", s.ID, session.FormatMillis(s.UpdatedAt), session.FormatCount(tokens), s.Cost, sessionTitle(s))
		if opts.All {
			fmt.Fprintf(tw, "\t%s", s.ProjectDir)
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}
