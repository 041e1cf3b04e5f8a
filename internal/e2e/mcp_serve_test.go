package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/honecode/hone/internal/testenv"
)

// mcpCall calls tool with a progress token and returns the result's
// structured content and text.
func mcpCall(t *testing.T, c *client.Client, tool string, args map[string]any) (map[string]any, string, bool) {
	t.Helper()
	req := mcp.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = tool, args
	req.Params.Meta = &mcp.Meta{ProgressToken: tool}
	r, err := c.CallTool(t.Context(), req)
	if err != nil {
		t.Fatalf("call %s: %v", tool, err)
	}
	b, _ := json.Marshal(r.StructuredContent)
	var s map[string]any
	_ = json.Unmarshal(b, &s)
	var text []string
	for _, c := range r.Content {
		if tc, ok := c.(mcp.TextContent); ok {
			text = append(text, tc.Text)
		}
	}
	return s, strings.Join(text, "\n"), r.IsError
}

func startMCPClient(t *testing.T, c *client.Client) *progressLog {
	t.Helper()
	if err := c.Start(t.Context()); err != nil { // idempotent; installs the notification handler
		t.Fatal(err)
	}
	progress := &progressLog{}
	c.OnNotification(func(n mcp.JSONRPCNotification) {
		if msg, ok := n.Params.AdditionalFields["message"].(string); ok && n.Method == "notifications/progress" {
			progress.add(msg)
		}
	})
	if _, err := c.Initialize(t.Context(), mcp.InitializeRequest{}); err != nil {
		t.Fatal(err)
	}
	return progress
}

// progressLog is the messages of the progress notifications a client
// received; the client's reader adds them while the test reads.
type progressLog struct {
	mu   sync.Mutex
	msgs []string
}

func (p *progressLog) add(msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.msgs = append(p.msgs, msg)
}

// waitFor returns the messages, joined by "|", once they contain every
// one of want (a notification may be read after the call's answer), or
// what arrived within 5 s.
func (p *progressLog) waitFor(want ...string) string {
	deadline := time.Now().Add(5 * time.Second)
	for {
		p.mu.Lock()
		got := strings.Join(p.msgs, "|")
		p.mu.Unlock()
		missing := slices.ContainsFunc(want, func(w string) bool { return !strings.Contains(got, w) })
		if !missing || time.Now().After(deadline) {
			return got
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Over stdio, mcp-go's client asks hone for a write nobody can approve
// (denied, as in hone run), then replies in the same session with a mode
// that allows it. Each call loads the script afresh, so both calls are
// answered by the same two turns.
func TestMCPServeStdio(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{
		turn(toolCall("w1", "write", map[string]any{"file_path": "out.txt", "content": "x\n"})),
		"Finished.",
	}})
	c, err := client.NewStdioMCPClient(honeBin, e.environ(), e.args([]string{"mcp", "serve"})...)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	progress := startMCPClient(t, c)
	s, text, isErr := mcpCall(t, c, "hone", map[string]any{"prompt": "write out.txt", "cwd": e.project})
	id, _ := s["session_id"].(string)
	if !isErr || s["exit_reason"] != "permission_denied" || id == "" || !strings.Contains(text, "session_id: "+id) {
		t.Errorf("denied call: %v %q", s, text)
	}
	if fileExists(e.projectFile("out.txt")) {
		t.Fatal("a write nobody approved happened")
	}
	s, _, isErr = mcpCall(t, c, "hone_reply", map[string]any{"session_id": id, "prompt": "try again", "permission_mode": "accept-edits"})
	if isErr || s["result"] != "Finished." || s["session_id"] != id || e.readProjectFile("out.txt") != "x\n" {
		t.Errorf("reply: %v", s)
	}
	if got := progress.waitFor("running write: out.txt", "write was denied"); !strings.Contains(got, "running write: out.txt") || !strings.Contains(got, "write was denied") {
		t.Errorf("progress %q", got)
	}
	mustContain(t, "sessions list", e.mustRun(0, "sessions", "list", "--json").stdout, id)
}

var mcpURL = regexp.MustCompile(`http://\S+/mcp`)

func TestMCPServeHTTPOnLoopbackOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{"Hello over HTTP."}})
	r := e.mustRun(2, "mcp", "serve", "--http", "0.0.0.0:0")
	mustContain(t, "stderr", r.stderr, "loopback")
	p := e.start(nil, "mcp", "serve", "--http", "127.0.0.1:0")
	p.waitFor("the server address", runTimeout, func() bool { return mcpURL.MatchString(p.stderr.String()) })
	c, err := client.NewStreamableHttpClient(mcpURL.FindString(p.stderr.String()))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	startMCPClient(t, c)
	s, _, isErr := mcpCall(t, c, "hone", map[string]any{"prompt": "hi", "cwd": e.project})
	if isErr || s["result"] != "Hello over HTTP." {
		t.Errorf("http call: %v", s)
	}
}

// The official MCP inspector's CLI lists and calls the tools. It takes
// the server's flags for its own, so the config is the global one and
// the data directory comes from HONE_DATA_DIR.
func TestMCPServeWithTheInspector(t *testing.T) {
	t.Parallel()
	inspector := testenv.LookPath(t, "mcp-inspector")
	e := newEnv(t)
	e.useFake(script{Turns: []any{"Inspected."}})
	cfg, err := os.ReadFile(e.config)
	if err != nil {
		t.Fatal(err)
	}
	global := filepath.Join(e.home, ".config", "hone", "hone.json")
	if err := os.MkdirAll(filepath.Dir(global), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(global, cfg, 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) string {
		argv := append([]string{"--cli", "-e", "XDG_CONFIG_HOME=" + filepath.Join(e.home, ".config"), "-e", "HONE_DATA_DIR=" + e.data,
			honeBin, "mcp", "serve"}, args...)
		cmd := exec.Command(inspector, argv...)
		cmd.Env, cmd.Dir = e.environ(), e.project
		cmd.WaitDelay = time.Second
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("inspector %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	mustContain(t, "tools/list", run("--method", "tools/list"), `"name": "hone"`, `"name": "hone_reply"`)
	mustContain(t, "tools/call", run("--method", "tools/call", "--tool-name", "hone", "--tool-arg", "prompt=look around"),
		"Inspected.", "session_id")
}
