package cmd

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// Version and Commit are set at build time with
// -ldflags "-X github.com/honecode/hone/internal/cmd.Version=…".
var (
	Version = "dev"
	Commit  = ""
)

func newVersionCmd(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print version, commit and Go version",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return runVersion(f.IO)
		},
	}
}

func runVersion(io IO) error {
	commit := Commit
	if commit == "" {
		commit = vcsRevision()
	}
	if commit == "" {
		commit = "unknown"
	}
	_, err := fmt.Fprintf(io.Out, "hone %s (commit %s, %s %s/%s)\n", Version, commit, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return err
}

// vcsRevision reads the commit stamped by the go tool, when present.
func vcsRevision() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" {
			if len(s.Value) > 12 {
				return s.Value[:12]
			}
			return s.Value
		}
	}
	return ""
}
