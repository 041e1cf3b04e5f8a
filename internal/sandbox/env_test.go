package sandbox

import (
	"slices"
	"strings"
	"testing"
)

func TestEnvironIsAnAllowlist(t *testing.T) {
	t.Parallel()
	base := []string{
		"PATH=/usr/bin", "HOME=/home/u", "LC_ALL=C.UTF-8", "GOPATH=/go", "PAGER=less",
		"ANTHROPIC_API_KEY=k", "AZURE_OPENAI_KEY=k", "DATABASE_URL=postgres://u:p@h/db", "GH_PAT=x",
		"SSH_AUTH_SOCK=/tmp/agent", "AWS_SECRET_ACCESS_KEY=x", "MY_TOOL_HOME=/opt/t", "WEIRD",
	}
	got := Environ(base, []string{"MY_TOOL_*", "GH_PAT"})
	for _, want := range []string{"PATH=/usr/bin", "HOME=/home/u", "LC_ALL=C.UTF-8", "GOPATH=/go",
		"MY_TOOL_HOME=/opt/t", "GH_PAT=x", "PAGER=cat", "GIT_TERMINAL_PROMPT=0"} {
		if !slices.Contains(got, want) {
			t.Errorf("Environ lacks %s: %q", want, got)
		}
	}
	for _, kv := range got {
		for _, bad := range []string{"ANTHROPIC", "AZURE", "DATABASE_URL", "SSH_AUTH_SOCK", "AWS_", "PAGER=less", "WEIRD"} {
			if strings.HasPrefix(kv, bad) {
				t.Errorf("Environ kept %s", kv)
			}
		}
	}
}

func TestBlocked(t *testing.T) {
	t.Parallel()
	for out, want := range map[string]bool{
		"touch: cannot touch 'x': Read-only file system\n":        true,
		"go: downloading x\ndial tcp: lookup proxy.golang.org: x": true,
		"curl: (6) Could not resolve host: example.com":           true,
		"FAIL: TestSomething (0.00s)\n":                           false,
	} {
		if _, got := Blocked(out); got != want {
			t.Errorf("Blocked(%q) = %v, want %v", out, got, want)
		}
	}
}

func TestPolicyRoots(t *testing.T) {
	t.Parallel()
	p, err := New(LevelWorkspace, Settings{Project: "/p", TempDir: "/t", Home: "/home/u",
		Env: []string{"PATH=/usr/bin:/home/u/.local/bin:/home/u:/:/tmp", "GOPATH=/home/u/go"}}, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"/", "/home/u", "/tmp", "/home"} {
		if slices.Contains(p.Read, bad) {
			t.Errorf("Read has %s: %q", bad, p.Read)
		}
	}
	for _, want := range []string{"/p", "/usr", "/home/u/.local/bin", "/home/u/go/pkg/mod", "/etc/passwd"} {
		if !slices.Contains(p.Read, want) {
			t.Errorf("Read lacks %s", want)
		}
	}
	if !slices.Equal(p.Write, []string{"/p", "/t"}) || !slices.Contains(p.Protected, "/p/.git") {
		t.Errorf("Write %q, Protected %q", p.Write, p.Protected)
	}
	ro, _ := New(LevelReadOnly, Settings{Project: "/p", TempDir: "/t"}, false)
	if !slices.Equal(ro.Write, []string{"/t"}) {
		t.Errorf("read-only Write = %q", ro.Write)
	}
}
