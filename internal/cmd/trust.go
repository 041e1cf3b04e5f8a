package cmd

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/trust"
)

// TrustOptions are the inputs of `hone trust`.
type TrustOptions struct {
	// Dir is the project to trust or revoke (default: the working dir).
	Dir    string
	List   bool
	Revoke bool
	JSON   bool
	Load   config.LoadOptions
	Store  *trust.Store
}

func newTrustCmd(f *Factory) *cobra.Command {
	return newTrustCmdWith(f, nil)
}

// newTrustCmdWith is `hone trust`; tests pass runF to see the options.
func newTrustCmdWith(f *Factory, runF func(context.Context, *TrustOptions) error) *cobra.Command {
	opts := &TrustOptions{}
	c := &cobra.Command{
		Use:   "trust [DIR]",
		Short: "Let a project's config start its servers and choose its providers",
		Long: "A project's own config (.hone.json or hone.json) may start MCP and language servers, point providers " +
			"at other URLs, hand out environment variables and read files outside the project. Until you trust the " +
			"project, Hone ignores those parts (hone run says which; the interface asks). `hone trust [DIR]` trusts " +
			"the project as its config is now and prints what that allows; any later change to those parts asks " +
			"again. --list shows the trusted projects, --revoke forgets one. The answers live in the data directory.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Dir = args[0]
			}
			if opts.List && (opts.Revoke || opts.Dir != "") {
				return usageError(errors.New("--list takes no directory and cannot be combined with --revoke"))
			}
			opts.Load = configLoadOptions(c.Context(), f)
			a, err := f.App(c.Context())
			if err != nil {
				return err
			}
			opts.Store = a.TrustStore()
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return runTrust(c.Context(), opts, f.IO)
		},
	}
	fl := c.Flags()
	fl.BoolVar(&opts.List, "list", false, "list the trusted projects")
	fl.BoolVar(&opts.Revoke, "revoke", false, "stop trusting the project")
	fl.BoolVar(&opts.JSON, "json", false, "print JSON")
	return c
}

func runTrust(ctx context.Context, opts *TrustOptions, io IO) error {
	switch {
	case opts.List:
		return runTrustList(opts, io)
	case opts.Revoke:
		return runTrustRevoke(opts, io)
	}
	return runTrustProject(ctx, opts, io)
}

// assumeTrusted loads a project's config whole, as it will apply once
// trusted, so that its errors show before it is trusted.
type assumeTrusted struct{}

func (assumeTrusted) Trusted(string, string, string) (bool, error) { return true, nil }

func runTrustProject(ctx context.Context, opts *TrustOptions, io IO) error {
	load := opts.Load
	if opts.Dir != "" {
		load.Cwd = opts.Dir
	}
	load.Trust = assumeTrusted{}
	loaded, err := config.Load(ctx, load)
	if err != nil {
		return configErr(err)
	}
	dec := loaded.Trust
	if err := opts.Store.Trust(dec.Entry()); err != nil {
		return err
	}
	if opts.JSON {
		return printJSON(io.Out, dec)
	}
	dir, file := trust.Printable(dec.Dir), trust.Printable(dec.File)
	if len(dec.Parts) == 0 {
		fmt.Fprintf(io.Out, "Trusted %s: its config has nothing that needs trust now.\n", dir)
		return nil
	}
	if file == "" { // no config file: only skills, commands, agents or hooks
		fmt.Fprintf(io.Out, "Trusted %s. Hone will now use:\n", dir)
	} else {
		fmt.Fprintf(io.Out, "Trusted %s (%s). Hone will now use:\n", dir, file)
	}
	for _, p := range dec.Parts {
		fmt.Fprintf(io.Out, "  %s: %s\n", p.Path, p.Summary)
	}
	fmt.Fprintln(io.Out, "A change to any of these makes the project untrusted again.")
	return nil
}

func runTrustRevoke(opts *TrustOptions, io IO) error {
	load := opts.Load
	if opts.Dir != "" {
		load.Cwd = opts.Dir
	}
	loc, err := config.Locate(load)
	if err != nil {
		return err
	}
	gone, err := opts.Store.Revoke(loc.ProjectDir)
	if err != nil {
		return err
	}
	dir := trust.Canonical(loc.ProjectDir)
	if len(gone) == 0 {
		fmt.Fprintf(io.Err, "%s was not trusted\n", dir)
		return nil
	}
	fmt.Fprintf(io.Out, "No longer trusting %s\n", dir)
	return nil
}

func runTrustList(opts *TrustOptions, io IO) error {
	entries, err := opts.Store.List()
	if err != nil {
		return err
	}
	if opts.JSON {
		if entries == nil {
			entries = []trust.Entry{}
		}
		return printJSON(io.Out, entries)
	}
	if len(entries) == 0 {
		fmt.Fprintln(io.Err, "no trusted projects (hone trust DIR trusts one)")
		return nil
	}
	tw := tabwriter.NewWriter(io.Out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PROJECT\tCONFIG\tTRUSTED\tPARTS")
	for _, e := range entries {
		file := e.File
		if rel, err := filepath.Rel(e.Dir, e.File); err == nil {
			file = rel
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\n", e.Dir, file, e.TrustedAt.Local().Format("2006-01-02 15:04"), len(e.Parts))
	}
	return tw.Flush()
}
