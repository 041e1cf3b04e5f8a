package cmd

import (
	"context"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/config"
)

// ConfigPathOptions are the inputs of `hone config path`.
type ConfigPathOptions struct {
	Load config.LoadOptions
	JSON bool
}

func newConfigPathCmd(f *Factory, runF func(context.Context, *ConfigPathOptions) error) *cobra.Command {
	opts := &ConfigPathOptions{}
	c := &cobra.Command{
		Use:   "path",
		Short: "Print each config layer's file and whether it exists",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			opts.Load = configLoadOptions(c.Context(), f)
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return runConfigPath(c.Context(), opts, f.IO)
		},
	}
	c.Flags().BoolVar(&opts.JSON, "json", false, "print JSON")
	return c
}

// configPathJSON is the --json output of `hone config path`.
type configPathJSON struct {
	Layers     []config.Layer `json:"layers"`
	ProjectDir string         `json:"project_dir"`
	Ignored    []string       `json:"ignored,omitempty"`
}

func runConfigPath(_ context.Context, opts *ConfigPathOptions, io IO) error {
	loc, err := config.Locate(opts.Load)
	if err != nil {
		return err
	}
	if opts.JSON {
		return printJSON(io.Out, configPathJSON{Layers: loc.Layers, ProjectDir: loc.ProjectDir, Ignored: loc.Ignored})
	}
	tw := tabwriter.NewWriter(io.Out, 0, 4, 2, ' ', 0)
	for _, l := range loc.Layers {
		state := "missing"
		if l.Exists {
			state = "exists"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", l.Kind, l.Path, state)
	}
	for _, p := range loc.Ignored {
		fmt.Fprintf(tw, "ignored\t%s\tshadowed by %s\n", p, config.HiddenFileName)
	}
	return tw.Flush()
}
