package cmd

import (
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
// dir, --config file and environment.
func configLoadOptions(f *Factory) config.LoadOptions {
	return config.LoadOptions{Cwd: f.Global.Cwd, ConfigFile: f.Global.ConfigFile, Getenv: f.Getenv}
}
