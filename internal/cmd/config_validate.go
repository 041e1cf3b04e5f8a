package cmd

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/config"
)

// ConfigValidateOptions are the inputs of `hone config validate`.
type ConfigValidateOptions struct {
	Load config.LoadOptions
	// File, when set, is validated alone (as a --config file would be);
	// otherwise every layer is.
	File string
	JSON bool
}

func newConfigValidateCmd(f *Factory, runF func(context.Context, *ConfigValidateOptions) error) *cobra.Command {
	opts := &ConfigValidateOptions{}
	c := &cobra.Command{
		Use:   "validate [FILE]",
		Short: "Check config files and print file:line:col diagnostics",
		Long: "Check the config layers (or FILE) for syntax errors, wrong types, unknown keys, unknown providers " +
			"and bad permission rules, and marks each part of the project config that needs trust (a warning while " +
			"the project is untrusted, a note once it is). Prints one file:line:col line per problem; exits 2 when " +
			"there are errors (warnings alone exit 0).",
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Load = configLoadOptions(c.Context(), f)
			if len(args) == 1 {
				opts.File = args[0]
			}
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return runConfigValidate(c.Context(), opts, f.IO)
		},
	}
	c.Flags().BoolVar(&opts.JSON, "json", false, "print the diagnostics as JSON")
	return c
}

func runConfigValidate(ctx context.Context, opts *ConfigValidateOptions, io IO) error {
	diags, checked, err := validateConfig(ctx, opts)
	if err != nil {
		return err
	}
	if opts.JSON {
		if diags == nil {
			diags = []config.Diagnostic{}
		}
		if err := printJSON(io.Out, diags); err != nil {
			return err
		}
	} else {
		for _, d := range diags {
			fmt.Fprintln(io.Out, d.String())
		}
	}
	errs, warns, notes := severityCounts(diags)
	tail := ""
	if notes > 0 {
		tail = ", " + countNoun(notes, "note")
	}
	switch {
	case errs > 0:
		fmt.Fprintf(io.Err, "%s, %s%s\n", countNoun(errs, "error"), countNoun(warns, "warning"), tail)
		return withCode(ExitUsage, nil)
	case len(checked) == 0:
		fmt.Fprintln(io.Err, "no config files found (hone config path shows where they go)")
	case !opts.JSON:
		fmt.Fprintf(io.Err, "ok: %s checked, %s%s\n", countNoun(len(checked), "file"), countNoun(warns, "warning"), tail)
	}
	return nil
}

// validateConfig validates opts.File or every layer and returns the
// diagnostics and the files that exist and were checked.
func validateConfig(ctx context.Context, opts *ConfigValidateOptions) ([]config.Diagnostic, []string, error) {
	if opts.File != "" {
		diags, err := config.ValidateFile(ctx, opts.Load, opts.File)
		return diags, []string{opts.File}, err
	}
	loc, err := config.Locate(opts.Load)
	if err != nil {
		return nil, nil, err
	}
	var checked []string
	for _, l := range loc.Layers {
		if l.Exists || l.Kind == config.LayerExplicit {
			checked = append(checked, l.Path)
		}
	}
	diags, err := config.Validate(ctx, opts.Load)
	return diags, checked, err
}

// severityCounts counts errors, warnings and notes.
func severityCounts(diags []config.Diagnostic) (errs, warns, notes int) {
	for _, d := range diags {
		switch d.Severity {
		case config.SeverityError:
			errs++
		case config.SeverityWarning:
			warns++
		case config.SeverityNote:
			notes++
		}
	}
	return errs, warns, notes
}

// countNoun formats a count with its noun: "1 error", "2 errors".
func countNoun(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
