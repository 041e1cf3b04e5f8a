package tools

import (
	"context"
	"os"
	"testing"

	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/procgroup"
	"github.com/honecode/hone/internal/sandbox"
)

// BenchmarkBashStart measures a bash tool call of `true`: direct (the
// old runner's path), through the supervisor, and through the supervisor
// in the read-only sandbox.
func BenchmarkBashStart(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name       string
		supervised bool
		sandboxed  bool
	}{{"direct", false, false}, {"supervised", true, false}, {"supervised+sandbox", true, true}} {
		b.Run(bc.name, func(b *testing.B) {
			te := newToolEnv(b)
			te.Perms = allowAll{}
			opts := procgroup.Options{Confine: sandbox.Confine, Env: os.Environ()}
			if bc.supervised {
				opts.Supervisor = []string{exe, procgroup.ServeArg}
			}
			te.Launcher = procgroup.NewLauncher(opts)
			b.Cleanup(func() { _ = te.Launcher.Close() })
			if bc.sandboxed {
				if !sandbox.Detect().Complete() {
					b.Skip("no complete sandbox")
				}
				perms, err := permission.NewService(permission.Config{ProjectDir: te.root, Sandbox: func() permission.SandboxSupport { return permission.FullSandbox }})
				if err != nil {
					b.Fatal(err)
				}
				te.Perms = perms
				te.Sandbox = &sandbox.Settings{Project: te.root}
			}
			reg := NewRegistry(Builtins(te.Env)...)
			for b.Loop() {
				if res := runOn(b, reg, "bash", jsonArgs{"command": "true"}); res.IsError {
					b.Fatal(res.Content)
				}
			}
		})
	}
}

// allowAll allows every request.
type allowAll struct{}

func (allowAll) Ask(context.Context, permission.Request) error { return nil }
