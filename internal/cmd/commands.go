package cmd

import "github.com/spf13/cobra"

// addCommands attaches every subcommand besides version.
func addCommands(root *cobra.Command, f *Factory) {
	for _, mk := range []func(*Factory) *cobra.Command{
		newSessionsCmd, newUndoCmd,
		newConfigCmd, newModelsCmd, newRunCmd,
		newMCPCmd,
		newLSPCmd,
		newTrustCmd,
		newSandboxCmd,
		newACPCmd,
	} {
		root.AddCommand(mk(f))
	}
}
