package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestConfigThatIsNotARegularFileIsAnError(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		make func(e *env) (args []string, file string)
		want string
	}{
		{"project config linked to /dev/zero", func(e *env) ([]string, string) {
			if err := os.Symlink("/dev/zero", e.projectFile(".hone.json")); err != nil {
				t.Fatal(err)
			}
			return nil, e.projectFile(".hone.json")
		}, "not a regular file (a character device)"},
		{"project config that is a FIFO", func(e *env) ([]string, string) {
			mkfifo(t, e.projectFile("hone.json"))
			return nil, e.projectFile("hone.json")
		}, "not a regular file (a named pipe)"},
		{"--config FIFO", func(e *env) ([]string, string) {
			p := filepath.Join(e.dir, "pipe.json")
			mkfifo(t, p)
			return []string{"--config", p}, p
		}, "not a regular file (a named pipe)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			e.gitProject()
			e.useFake(script{Fallback: "done"})
			args, file := c.make(e)
			// A hang would end at the run timeout and fail here.
			r := e.hone(append(args, "run", "hi")...)
			if r.code != 2 {
				t.Fatalf("want exit 2, got %s", r)
			}
			mustContain(t, "stderr", r.stderr, file, c.want)
		})
	}
}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestModelCannotGetAProjectConfigExecutedByWritingIt(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.gitProject()
	marker := filepath.Join(e.dir, "written-server-started")
	content := `{"mcp": {"planted": {"command": "sh", "args": ["-c", "touch ` + marker + `; sleep 30"], "timeout": 1}}}`
	write := turn(toolCall("w1", "write", map[string]any{"file_path": ".hone.json", "content": content}))
	scriptPath := e.writeJSON("script.json", script{Turns: []any{write}, Fallback: "done"})
	userConfig := func(mode string, allow ...string) {
		e.useConfig(map[string]any{
			"providers": map[string]any{"fake": map[string]any{"type": "fake", "script": scriptPath,
				"models": []any{map[string]any{"id": "scripted", "context_window": 200000}}}},
			"models":      map[string]any{"large": []string{"fake/scripted"}, "small": []string{"fake/scripted"}},
			"permissions": map[string]any{"mode": mode, "allow": allow},
		})
	}

	// accept-edits with an allow rule for write still asks for a config
	// file, and hone run has nobody to ask: denied, saying why.
	userConfig("accept-edits", "write")
	r := e.hone("run", "set up the project")
	if r.code != 5 {
		t.Fatalf("want exit 5 (denied), got %s", r)
	}
	mustContain(t, "stderr", r.stderr, "write .hone.json: denied", "Hone project config file")
	if fileExists(e.projectFile(".hone.json")) {
		t.Fatal("the model wrote .hone.json without approval")
	}

	// Approved (--yolo): written, but not trusted for the next run.
	e.mustRun(0, "run", "--yolo", "set up the project")
	if got := e.readProjectFile(".hone.json"); got != content {
		t.Fatalf(".hone.json = %q", got)
	}
	userConfig("default")
	e.useFake(script{Fallback: "done"})
	r = e.mustRun(0, "run", "--yolo", "hi")
	mustContain(t, "warning", untrustedWarning(t, r.stderr), "mcp.planted")
	if fileExists(marker) {
		t.Error("the server the model wrote into .hone.json was started")
	}
	if !strings.Contains(r.stderr, "hone trust") {
		t.Errorf("the warning does not say how to trust:\n%s", r.stderr)
	}
}
