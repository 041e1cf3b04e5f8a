package cmd

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/testenv"
)

// writeFakeConfig writes a config whose only model is the scripted fake
// (extra adds raw JSON members to the provider entry) and returns its path.
func writeFakeConfig(t *testing.T, script, extra string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "script.json"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := `{"providers": {"f": {"type": "fake", "script": "script.json", ` + extra + `"models": [{"id": "m"}]}},
	         "models": {"large": ["f/m"]}}`
	path := filepath.Join(dir, "hone.json")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// hone runs Main as the binary does, with no user config in reach.
func hone(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	io, out, errOut := testIO(stdin)
	code := Main(context.Background(), args, io)
	return code, out.String(), errOut.String()
}

func TestRunThroughMain(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HONE_DATA_DIR", t.TempDir())
	proj := projectDir(t)
	cfg := writeFakeConfig(t, `{"turns": ["Hello from the fake."]}`, `"modls": 1, `)

	code, out, errOut := hone(t, "", "--cwd", proj, "run", "--config", cfg, "say hello")
	if code != 0 || out != "Hello from the fake.\n" {
		t.Fatalf("run: exit %d, out %q, err %q", code, out, errOut)
	}
	if !strings.Contains(errOut, `unknown key "modls" (did you mean "models"?)`) {
		t.Errorf("config warning missing from stderr: %q", errOut)
	}
	code, out, errOut = hone(t, "", "--cwd", proj, "run", "-q", "--config", cfg, "again")
	if code != 0 || strings.Contains(errOut, "modls") {
		t.Errorf("run -q: exit %d, out %q, err %q (want no warnings)", code, out, errOut)
	}
}

func TestRunArgumentErrors(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HONE_DATA_DIR", t.TempDir())
	// No provider may be usable from the developer's environment.
	for _, k := range []string{"ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY", "OPENROUTER_API_KEY",
		"DEEPSEEK_API_KEY", "XAI_API_KEY", "GROQ_API_KEY", "MISTRAL_API_KEY", "OLLAMA_HOST"} {
		t.Setenv(k, "")
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run"}, "no prompt"},
		{[]string{"run", "--output-format", "xml", "hi"}, "--output-format"},
		{[]string{"run", "-C", "-s", "abc", "hi"}, "cannot be used together"},
		{[]string{"run", "hi"}, "no model provider is usable"},
	} {
		code, _, errOut := hone(t, "", tc.args...)
		if code != ExitUsage || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d mentioning %q", tc.args, code, errOut, ExitUsage, tc.want)
		}
	}
}

// hone run starts the configured MCP servers and waits for them, so the
// model's first request already offers their tools and a call reaches
// the real server.
func TestRunCallsAnMCPTool(t *testing.T) {
	server := testenv.LookPath(t, "mcp-server-everything")
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	data := t.TempDir()
	t.Setenv("HONE_DATA_DIR", data)
	proj := projectDir(t)
	script := `{"turns": [
	  {"items": [{"tool_call": {"name": "mcp_everything_echo", "input": {"message": "ping from hone"}}}]},
	  "The server answered."
	]}`
	cfg := writeFakeConfig(t, script, "")
	withMCP := strings.Replace(readFile(t, cfg), `"models": {"large"`,
		`"mcp": {"everything": {"type": "stdio", "command": "`+server+`"}}, "models": {"large"`, 1)
	if err := os.WriteFile(cfg, []byte(withMCP), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := hone(t, "", "--cwd", proj, "run", "--yolo", "--config", cfg, "echo something")
	if code != 0 || !strings.Contains(out, "The server answered.") {
		t.Fatalf("run: exit %d, out %q, err %q", code, out, errOut)
	}
	code, shown, errOut := hone(t, "", "--cwd", proj, "sessions", "show", "--json", latestSessionID(t, proj))
	if code != 0 || !strings.Contains(shown, "ping from hone") || !strings.Contains(shown, "Echo: ping from hone") {
		t.Fatalf("session does not hold the MCP round trip: exit %d, err %q\n%s", code, errOut, shown)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// latestSessionID returns the id of the project's newest session.
func latestSessionID(t *testing.T, proj string) string {
	t.Helper()
	code, out, errOut := hone(t, "", "--cwd", proj, "sessions", "list", "--json", "--limit", "1")
	var list []struct {
		ID string `json:"id"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &list) != nil || len(list) != 1 {
		t.Fatalf("sessions list: exit %d, out %q, err %q", code, out, errOut)
	}
	return list[0].ID
}
