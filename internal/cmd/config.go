package cmd

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/config"
)

// newConfigCmd is `hone config`: path, validate and schema.
func newConfigCmd(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "config",
		Short: "Show where config files live, validate them, print their JSON Schema",
		Long: "Hone reads hone.json in layers, later wins: the global file ($XDG_CONFIG_HOME/hone/hone.json), " +
			"the project file (the nearest .hone.json or hone.json from the working directory up to the git root), " +
			"the --config file, then command-line flags.",
		Args: cobra.NoArgs,
	}
	c.AddCommand(
		newConfigPathCmd(f, nil),
		newConfigValidateCmd(f, nil),
		newConfigSchemaCmd(f, nil),
	)
	return c
}

// configLoadOptions are the config inputs every command shares: working
// dir, --config file, environment and the trust store of the data
// directory (none when it cannot be found: nothing is trusted then).
func configLoadOptions(ctx context.Context, f *Factory) config.LoadOptions {
	o := config.LoadOptions{Cwd: f.Global.Cwd, ConfigFile: f.Global.ConfigFile, Getenv: f.Getenv}
	if a, err := f.App(ctx); err == nil {
		o.Trust = a.TrustStore()
	}
	return o
}

// warnUntrusted prints, in one line, the parts of an untrusted project's
// config that were ignored and how to trust it.
func warnUntrusted(w io.Writer, loaded *config.Loaded) {
	if msg := loaded.Trust.Warning(); msg != "" {
		fmt.Fprintln(w, "hone: warning:", msg)
	}
}
