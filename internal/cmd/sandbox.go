package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/procgroup"
	"github.com/honecode/hone/internal/sandbox"
)

// SandboxStatusOptions are the flags of `hone sandbox status`.
type SandboxStatusOptions struct {
	JSON bool
}

func newSandboxCmd(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "sandbox",
		Short: "The OS sandbox of the commands Hone runs on its own authority",
	}
	opts := &SandboxStatusOptions{}
	status := &cobra.Command{
		Use:   "status",
		Short: "Show what the sandbox enforces on this machine",
		Long: `Status probes the kernel (Landlock ABI, mount and network namespaces) and says
what a sandboxed command is kept from: files outside its roots, the network,
changes to .git and Hone's config files, other processes. See docs/permissions.md.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runSandboxStatus(c.Context(), f, *opts) },
	}
	status.Flags().BoolVar(&opts.JSON, "json", false, "print the status as JSON")
	c.AddCommand(status)
	return c
}

func runSandboxStatus(_ context.Context, f *Factory, opts SandboxStatusOptions) error {
	st := sandbox.Detect()
	if opts.JSON {
		enc := json.NewEncoder(f.IO.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(st)
	}
	for _, l := range st.Lines() {
		fmt.Fprintln(f.IO.Out, l)
	}
	return nil
}

// serveProcs runs the process supervisor (`hone __procs`, started by Hone
// itself with its socket on descriptor 3).
func serveProcs() int { return procgroup.Serve(os.NewFile(3, "hone-procs"), sandbox.Confine) }

// supervisorPath is Hone's own executable, which serves procgroup.ServeArg;
// "" inside test binaries, which do not.
func supervisorPath() string {
	if testing.Testing() {
		return ""
	}
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	return exe
}

// childEnv is the environment of servers started by status commands.
func childEnv(cfg config.Config) []string {
	return sandbox.Environ(os.Environ(), cfg.Options.ShellEnvAllow)
}
