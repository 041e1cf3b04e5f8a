package cmd

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/history"
	"github.com/honecode/hone/internal/session"
)

// UndoOptions are the inputs of `hone undo`.
type UndoOptions struct {
	Session string // id or unique prefix ("": latest session of the project)
	Cwd     string // project directory ("" = current)
	JSON    bool
	Store   *app.Store
}

// newUndoCmd is `hone undo`.
func newUndoCmd(f *Factory) *cobra.Command { return undoCmd(f, nil) }

// undoCmd builds `hone undo`; a non-nil runF receives the parsed options
// instead of running (flag tests).
func undoCmd(f *Factory, runF func(context.Context, *UndoOptions) error) *cobra.Command {
	opts := &UndoOptions{}
	c := &cobra.Command{
		Use:   "undo",
		Short: "Restore the files the last turn of a session changed",
		Long: "Restore every file changed by the last turn of the session (by default the most " +
			"recent session of this project) to how the turn found it; files the turn created " +
			"are deleted. Nothing is changed if a file was edited since the turn. Run it again " +
			"to undo the turn before.",
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			opts.Cwd = f.Global.Cwd
			if runF != nil {
				return runF(c.Context(), opts)
			}
			st, err := openStore(c.Context(), f)
			if err != nil {
				return err
			}
			opts.Store = st
			return runUndo(c.Context(), opts, f.IO)
		},
	}
	fl := c.Flags()
	fl.StringVarP(&opts.Session, "session", "s", "", "session id or unique prefix (default: latest of this project)")
	fl.BoolVar(&opts.JSON, "json", false, "print the restored and deleted files as JSON")
	return c
}

func runUndo(ctx context.Context, opts *UndoOptions, io IO) error {
	s, err := undoTarget(ctx, opts)
	if err != nil {
		return err
	}
	res, err := opts.Store.History.UndoLast(ctx, s.ID)
	if errors.Is(err, history.ErrNothingToUndo) {
		return withCode(ExitError, fmt.Errorf("nothing to undo in session %s", s.ID))
	}
	if err != nil {
		return err
	}
	if opts.JSON {
		if res.Restored == nil {
			res.Restored = []string{}
		}
		if res.Deleted == nil {
			res.Deleted = []string{}
		}
		return printJSON(io.Out, res)
	}
	fmt.Fprintf(io.Err, "undid the last turn of session %s\n", s.ID)
	for _, p := range res.Restored {
		fmt.Fprintf(io.Out, "restored %s\n", relativeTo(s.ProjectDir, p))
	}
	for _, p := range res.Deleted {
		fmt.Fprintf(io.Out, "deleted  %s\n", relativeTo(s.ProjectDir, p))
	}
	return nil
}

func undoTarget(ctx context.Context, opts *UndoOptions) (session.Session, error) {
	if opts.Session != "" {
		return resolveSession(ctx, opts.Store.Sessions, opts.Session)
	}
	dir, err := session.CanonicalDir(opts.Cwd)
	if err != nil {
		return session.Session{}, err
	}
	s, err := opts.Store.Sessions.Latest(ctx, dir)
	if errors.Is(err, session.ErrNotFound) {
		return session.Session{}, withCode(ExitError, fmt.Errorf("no session in %s to undo", dir))
	}
	return s, err
}

// relativeTo shows path relative to dir when it lies inside it.
func relativeTo(dir, path string) string {
	rel, err := filepath.Rel(dir, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	return rel
}
