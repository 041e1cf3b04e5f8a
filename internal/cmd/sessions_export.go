package cmd

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/app"
)

// SessionsExportOptions are the inputs of `hone sessions export`.
type SessionsExportOptions struct {
	ID     string // full id or unique prefix
	Format string // "markdown" or "json"
	Output string // file to write ("" or "-": standard output)
	Store  *app.Store
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
	return c
}

func runSessionsExport(ctx context.Context, opts *SessionsExportOptions, io IO) (err error) {
	doc, err := loadExport(ctx, opts.Store, opts.ID)
	if err != nil {
		return err
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
	return writeMarkdown(w, doc)
}
