package cmd

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/trust"
)

func TestTrustListRevoke(t *testing.T) {
	t.Parallel()
	env := newCfgEnv(t)
	data := t.TempDir()
	env.write(t, ".hone.json", `{"lsp": {"x": {"command": "x-ls", "args": ["--stdio"]}}, "options": {"max_steps": 3}}`)

	out, _, code := runHoneArgs(t, env, "-D", data, "config", "validate")
	if code != 0 || !strings.Contains(out, `warning: lsp.x: needs trust: language server "x" runs x-ls --stdio; ignored until you trust this project`) {
		t.Errorf("validate before trust (exit %d):\n%s", code, out)
	}
	out, errOut, code := runHoneArgs(t, env, "-D", data, "trust")
	real, _ := filepath.EvalSymlinks(env.project)
	if code != 0 || !strings.Contains(out, "Trusted "+real) || !strings.Contains(out, `lsp.x: language server "x" runs x-ls --stdio`) {
		t.Errorf("trust (exit %d):\n%s%s", code, out, errOut)
	}
	out, _, _ = runHoneArgs(t, env, "-D", data, "config", "validate")
	if !strings.Contains(out, "note: lsp.x: needs trust (trusted)") {
		t.Errorf("validate after trust:\n%s", out)
	}
	out, _, _ = runHoneArgs(t, env, "-D", data, "trust", "--list", "--json")
	var list []trust.Entry
	if err := json.Unmarshal([]byte(out), &list); err != nil || len(list) != 1 || list[0].Dir != real {
		t.Fatalf("list %s: %v", out, err)
	}
	out, _, _ = runHoneArgs(t, env, "-D", data, "trust", "--list")
	if !strings.Contains(out, real+"  .hone.json") {
		t.Errorf("list table:\n%s", out)
	}
	out, _, code = runHoneArgs(t, env, "-D", data, "trust", "--revoke")
	if code != 0 || !strings.Contains(out, "No longer trusting "+real) {
		t.Errorf("revoke (exit %d): %s", code, out)
	}
	out, _, _ = runHoneArgs(t, env, "-D", data, "config", "validate")
	if !strings.Contains(out, "warning: lsp.x: needs trust") {
		t.Errorf("validate after revoke:\n%s", out)
	}
	_, errOut, code = runHoneArgs(t, env, "-D", data, "trust", "--list", "--revoke")
	if code != ExitUsage || !strings.Contains(errOut, "") {
		t.Errorf("--list --revoke: exit %d", code)
	}
}

func TestTrustRefusesInvalidConfig(t *testing.T) {
	t.Parallel()
	env := newCfgEnv(t)
	data := t.TempDir()
	env.write(t, ".hone.json", `{"mcp": {"x": {"args": ["no command"]}}}`)
	_, _, code := runHoneArgs(t, env, "-D", data, "trust")
	if code != ExitUsage {
		t.Errorf("trusting a config whose trusted parts are invalid: exit %d, want 2", code)
	}
	if list, _ := trust.Open(data).List(); len(list) != 0 {
		t.Errorf("invalid config trusted: %+v", list)
	}
}
