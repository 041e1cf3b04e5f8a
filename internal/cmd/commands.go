package cmd

import "github.com/spf13/cobra"

// addCommands attaches every subcommand besides version.
func addCommands(root *cobra.Command, f *Factory) {
	for _, mk := range []func(*Factory) *cobra.Command{
		// subcommand constructors are listed here
		newSessionsCmd, newUndoCmd,
		newConfigCmd, newModelsCmd,
	} {
		root.AddCommand(mk(f))
	}
}
