package config

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// envOf returns a Getenv over the given KEY=value pairs only.
func envOf(pairs ...string) func(string) string {
	m := map[string]string{}
	for _, p := range pairs {
		k, v, _ := strings.Cut(p, "=")
		m[k] = v
	}
	return func(k string) string { return m[k] }
}

// writeFile writes content to dir/name (creating parents) and returns the path.
func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// sandbox is a temp HOME (global config in HOME/.config/hone) and a
// project dir with its own .git.
type sandbox struct {
	home, project string
}

func newSandbox(t *testing.T) sandbox {
	t.Helper()
	root := t.TempDir()
	s := sandbox{home: filepath.Join(root, "home"), project: filepath.Join(root, "repo")}
	if err := os.MkdirAll(filepath.Join(s.project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	return s
}

func (s sandbox) global(t *testing.T, content string) string {
	return writeFile(t, s.home, ".config/hone/hone.json", content)
}

func (s sandbox) opts(pairs ...string) LoadOptions {
	return LoadOptions{Cwd: s.project, Getenv: envOf(append(pairs, "HOME="+s.home)...)}
}

// strs formats diagnostics with file replaced by name.
func strs(ds []Diagnostic, file, name string) []string {
	var out []string
	for _, d := range ds {
		out = append(out, strings.ReplaceAll(d.String(), file, name))
	}
	return out
}

func contextWithCancel(t *testing.T) (context.Context, context.CancelFunc) {
	return context.WithCancel(t.Context())
}

// trustAll trusts every project (a test double of trust.Store).
type trustAll struct{}

func (trustAll) Trusted(string, string, string) (bool, error) { return true, nil }

// trusted is opts in a project the user trusts.
func (s sandbox) trusted(pairs ...string) LoadOptions {
	o := s.opts(pairs...)
	o.Trust = trustAll{}
	return o
}
