package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"io"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/session"
)

// newSessionsCmd is `hone sessions`: list, show, export, rm and rename.
func newSessionsCmd(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "sessions",
		Short: "List, show, export, delete and rename saved sessions",
		Long: "Every conversation is saved to the database with its project directory. " +
			"Sessions are named by their full id or any unique prefix of it.",
		Args: cobra.NoArgs,
	}
	c.AddCommand(
		newSessionsListCmd(f, nil),
		newSessionsShowCmd(f, nil),
		newSessionsExportCmd(f, nil),
		newSessionsRmCmd(f, nil),
		newSessionsRenameCmd(f, nil),
	)
	return c
}

// openStore returns the App's store for a command.
func openStore(ctx context.Context, f *Factory) (*app.Store, error) {
	a, err := f.App(ctx)
	if err != nil {
		return nil, err
	}
	return a.Store(ctx)
}

// resolveSession finds the session named by a full id or unique prefix. An
// unknown id and an ambiguous prefix (the error lists the matches) are
// usage errors: exit 2, as docs/exit-codes.md says and `hone run -s` does.
func resolveSession(ctx context.Context, sessions *session.Service, idOrPrefix string) (session.Session, error) {
	s, err := sessions.Resolve(ctx, idOrPrefix)
	var amb *session.AmbiguousError
	if errors.As(err, &amb) || errors.Is(err, session.ErrNotFound) {
		return session.Session{}, usageError(err)
	}
	return s, err
}

// sessionTitle is the title to show, with a placeholder for none.
func sessionTitle(s session.Session) string {
	if s.Title == "" {
		return "(untitled)"
	}
	return s.Title
}

// printJSON writes v as indented JSON.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
