package cmd

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/session"
)

// SessionsExportOptions are the inputs of `hone sessions export`.
type SessionsExportOptions struct {
	ID     string // full id or unique prefix
	Format string // "markdown" or "json"
	Output string // file to write ("" or "-": standard output)
	// Artifacts adds the session's saved tool outputs (json only).
	Artifacts bool
	Store     *app.Store
}

func newSessionsExportCmd(f *Factory, runF func(context.Context, *SessionsExportOptions) error) *cobra.Command {
	opts := &SessionsExportOptions{}
	c := &cobra.Command{
		Use:   "export ID",
		Short: "Write a session as markdown (to read) or JSON (to import or replay)",
		Long: "The JSON document is versioned (format \"hone.session\", version 1) and holds " +
			"the session, every message with all its parts, and the trace of model steps.",
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.ID = args[0]
			if opts.Format != "markdown" && opts.Format != "json" {
				return usageError(fmt.Errorf("--format must be markdown or json, got %q", opts.Format))
			}
			if opts.Artifacts && opts.Format != "json" {
				return usageError(fmt.Errorf("--artifacts needs --format json"))
			}
			if runF != nil {
				return runF(c.Context(), opts)
			}
			st, err := openStore(c.Context(), f)
			if err != nil {
				return err
			}
			opts.Store = st
			return runSessionsExport(c.Context(), opts, f.IO)
		},
	}
	fl := c.Flags()
	fl.StringVarP(&opts.Format, "format", "f", "markdown", "markdown or json")
	fl.StringVarP(&opts.Output, "output", "o", "", "write to this file instead of standard output")
	fl.BoolVar(&opts.Artifacts, "artifacts", false, "include the saved whole outputs of cut tool results (json only)")
	return c
}

func runSessionsExport(ctx context.Context, opts *SessionsExportOptions, io IO) (err error) {
	doc, err := loadExport(ctx, opts.Store, opts.ID)
	if err != nil {
		return err
	}
	if opts.Artifacts {
		if doc.Artifacts, err = exportArtifacts(opts.Store, doc.Session.ID); err != nil {
			return err
		}
	}
	w := io.Out
	if opts.Output != "" && opts.Output != "-" {
		file, err := os.Create(opts.Output)
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		defer func() {
			if cerr := file.Close(); err == nil && cerr != nil {
				err = fmt.Errorf("export: %w", cerr)
			}
		}()
		w = file
	}
	if opts.Format == "json" {
		return doc.Encode(w)
	}
	return doc.WriteMarkdown(w)
}

// exportArtifacts reads the session's saved outputs for the export.
func exportArtifacts(st *app.Store, sessionID string) ([]session.ArtifactFile, error) {
	list, err := st.Artifacts.List(sessionID)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	out := make([]session.ArtifactFile, 0, len(list))
	for _, a := range list {
		data, err := os.ReadFile(a.Path)
		if err != nil {
			return nil, fmt.Errorf("export artifact %s: %w", a.Path, err)
		}
		out = append(out, session.ArtifactFile{Name: a.Name, Path: a.Path, Size: int64(len(data)), Content: string(data)})
	}
	return out, nil
}
