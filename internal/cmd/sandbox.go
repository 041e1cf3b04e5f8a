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

// ProcsName is the small executable that serves the process supervisor:
// it links only the supervisor and the sandbox, so it starts in a few
// milliseconds where hone itself, with every provider SDK to initialize,
// takes tens (see docs/performance.md).
const ProcsName = "hone-procs"

// supervisorPath is the executable that serves procgroup.ServeArg:
// hone-procs next to this executable, or this executable itself when
// hone-procs is not there (it serves the same supervisor, only slower to
// start); "" inside test binaries, which serve neither.
func supervisorPath() string {
	if testing.Testing() {
		return ""
	}
	path, exe, err := siblingPath(ProcsName)
	if err == nil {
		return path
	}
	return exe
}

// childEnv is the environment of servers started by status commands.
func childEnv(cfg config.Config) []string {
	return sandbox.Environ(os.Environ(), cfg.Options.ShellEnvAllow)
}
