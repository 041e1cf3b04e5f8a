package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWireTraceNeverHoldsTheKey: with --trace-llm, every request and
// streamed response lands in the session's trace file, and the key from
// the environment is in none of its bytes — not in the Authorization
// header, not in the prompt that quotes it.
func TestWireTraceNeverHoldsTheKey(t *testing.T) {
	t.Parallel()
	const key = "sk-e2e-wire-secret-5f3a9c1d7e"
	e := newEnv(t)
	e.extra = append(e.extra, "LOCAL_API_KEY="+key)
	srv := serveReplies(t, reply{text: "Traced answer.", chunk: 3}, reply{text: "Untraced."})
	cfg := serverConfig(srv.URL())
	cfg["providers"].(map[string]any)["local"].(map[string]any)["api_key"] = "$LOCAL_API_KEY"
	e.useConfig(cfg)
	e.mustRun(0, "--trace-llm", "run", "is "+key+" a valid key?")
	if got := srv.MainRequests()[0].Header.Get("Authorization"); got != "Bearer "+key {
		t.Fatalf("the provider got Authorization %q", got)
	}
	id := e.sessionIDs()[0]
	raw, err := os.ReadFile(filepath.Join(e.data, "traces", id+".jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), key) || strings.Contains(string(raw), key[:12]) {
		t.Fatalf("the trace holds the key:\n%s", raw)
	}
	mustContain(t, "trace file", string(raw), `"dir":"request"`, `"Authorization":"[redacted]"`, `"dir":"chunk"`, `"Tra`, `[DONE]`)
	show := e.mustRun(0, "sessions", "show", "--wire", id)
	mustContain(t, "sessions show --wire", show.stdout, "llm request POST "+srv.URL()+"/v1/chat/completions", "llm response 200", "[redacted] a valid key?")
	// Off by default: a run without the flag writes nothing more.
	e.mustRun(0, "run", "-s", id, "again")
	after, _ := os.ReadFile(filepath.Join(e.data, "traces", id+".jsonl"))
	if len(after) != len(raw) {
		t.Errorf("a run without --trace-llm traced %d more bytes", len(after)-len(raw))
	}
	// Deleting the session deletes its trace.
	e.mustRun(0, "sessions", "rm", "-y", id)
	if _, err := os.Stat(filepath.Join(e.data, "traces", id+".jsonl")); !os.IsNotExist(err) {
		t.Errorf("trace file after sessions rm: %v", err)
	}
}

// TestMCPWireTraceOfAStdioServer: --trace-mcp records the JSON-RPC
// messages of a stdio server, the tool call in the session's file, with
// a secret from the environment redacted from the call and its echo.
func TestMCPWireTraceOfAStdioServer(t *testing.T) {
	t.Parallel()
	server := lookPath(t, "mcp-server-everything")
	const token = "ghp-e2e-mcp-secret-0a1b2c3d4e"
	e := newEnv(t)
	e.extra = append(e.extra, "GITHUB_TOKEN="+token)
	e.useFake(script{Turns: []any{
		turn(toolCall("c1", "mcp_every_echo", map[string]any{"message": "token " + token})),
		"Echoed.",
	}})
	cfg := e.readConfig()
	cfg["mcp"] = map[string]any{"every": map[string]any{"command": server, "args": []string{"stdio"}}}
	e.useConfig(cfg)
	e.mustRun(0, "--trace-mcp", "run", "--yolo", "echo it")
	id := e.sessionIDs()[0]
	raw, err := os.ReadFile(filepath.Join(e.data, "traces", id+".jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), token) {
		t.Fatalf("the trace holds the token:\n%s", raw)
	}
	mustContain(t, "mcp trace", string(raw), `"kind":"mcp"`, `"server":"every"`, `tools/call`, `"dir":"response"`, `token [redacted]`)
	handshake, err := os.ReadFile(filepath.Join(e.data, "traces", "unattached.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "unattached trace", string(handshake), `initialize`)
}
