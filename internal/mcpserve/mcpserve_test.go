package mcpserve_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/agent/agenttest"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/mcpserve"
)

// env is an MCP client connected in-process to a server whose calls run
// on one Coordinator with a scripted model.
type env struct {
	client *client.Client
	sess   *agenttest.Sessions
	model  *fake.Model
	co     *agent.Coordinator
	dir    string

	mu       sync.Mutex
	progress []string
	opened   []mcpserve.OpenOptions
}

func newEnv(t *testing.T, maxMode string, turns ...fake.Turn) *env {
	t.Helper()
	e := &env{sess: agenttest.NewSessions(), model: fake.New(turns...), dir: t.TempDir()}
	co := agent.NewCoordinator(agent.Config{
		Large:   []agent.Candidate{{Provider: "p", Model: "m", Client: e.model, Spec: agent.ModelSpec{ContextWindow: 100_000}}},
		WorkDir: e.dir, DisableTitles: true, DisableGit: true,
	}, agent.Deps{Messages: agenttest.NewMessages(), Sessions: e.sess, Tools: agenttest.NewTools().Add("glob", true, agenttest.Echo)})
	t.Cleanup(func() { co.Close() })
	e.co = co
	open := func(_ context.Context, o mcpserve.OpenOptions) (*mcpserve.Workspace, error) {
		e.mu.Lock()
		e.opened = append(e.opened, o)
		e.mu.Unlock()
		return &mcpserve.Workspace{WorkDir: o.Cwd, Agent: co, Sessions: e.sess, Close: func() error { return nil }}, nil
	}
	srv, err := mcpserve.NewServer(mcpserve.Options{Open: open, WorkDir: e.dir, MaxMode: maxMode, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if e.client, err = client.NewInProcessClient(srv); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.client.Close() })
	if err := e.client.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	e.client.OnNotification(func(n mcp.JSONRPCNotification) {
		if n.Method == string(mcp.MethodNotificationProgress) {
			msg, _ := n.Params.AdditionalFields["message"].(string)
			e.mu.Lock()
			e.progress = append(e.progress, msg)
			e.mu.Unlock()
		}
	})
	if _, err := e.client.Initialize(t.Context(), mcp.InitializeRequest{}); err != nil {
		t.Fatal(err)
	}
	return e
}

func (e *env) call(ctx context.Context, t *testing.T, tool string, args map[string]any) (*mcp.CallToolResult, error) {
	t.Helper()
	req := mcp.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = tool, args
	req.Params.Meta = &mcp.Meta{ProgressToken: "tok"}
	return e.client.CallTool(ctx, req)
}

func structured(t *testing.T, r *mcp.CallToolResult) map[string]any {
	t.Helper()
	b, _ := json.Marshal(r.StructuredContent)
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("structured content %s: %v", b, err)
	}
	return m
}

func TestHoneThenReply(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "", fake.Turn{fake.ToolCall("glob", map[string]any{"pattern": "*.go"})}, fake.Turn{fake.Text("Two files.")}, fake.Turn{fake.Text("Still two.")})
	tools, err := e.client.ListTools(t.Context(), mcp.ListToolsRequest{})
	if err != nil || len(tools.Tools) != 2 || tools.Tools[0].Name != "hone" || tools.Tools[1].Name != "hone_reply" {
		t.Fatalf("tools %+v %v", tools, err)
	}
	r, err := e.call(t.Context(), t, "hone", map[string]any{"prompt": "count go files", "permission_mode": "plan", "model": "p/m"})
	if err != nil || r.IsError {
		t.Fatalf("hone: %+v %v", r, err)
	}
	s := structured(t, r)
	id, _ := s["session_id"].(string)
	if s["result"] != "Two files." || s["exit_reason"] != "done" || id == "" {
		t.Errorf("result %+v", s)
	}
	if text := r.Content[len(r.Content)-1].(mcp.TextContent).Text; text != "session_id: "+id {
		t.Errorf("last content %q", text)
	}
	if o := e.opened[0]; o.Cwd != e.dir || o.PermissionMode != "plan" || o.Model != "p/m" {
		t.Errorf("opened with %+v", o)
	}
	// Notifications may reach the client's handler after the answer.
	if progress, ok := e.waitProgress("running glob: *.go", "model step done"); !ok {
		t.Errorf("progress %q", progress)
	}
	r, err = e.call(t.Context(), t, "hone_reply", map[string]any{"session_id": id[:8], "prompt": "and now?"})
	if err != nil || r.IsError || structured(t, r)["result"] != "Still two." || structured(t, r)["session_id"] != id {
		t.Fatalf("reply: %+v %v", r, err)
	}
	if n := len(e.model.Requests()[2].Messages); n < 5 {
		t.Errorf("the reply did not continue the session: %d messages", n)
	}
}

func TestCallerCancelStopsTheTurn(t *testing.T) {
	t.Parallel()
	started, never := make(chan struct{}), make(chan struct{})
	e := newEnv(t, "", fake.Turn{fake.Text("working"), fake.Signal(started), fake.WaitFor(never)})
	ctx, cancel := context.WithCancel(t.Context())
	errc := make(chan error, 1)
	go func() {
		r, err := e.call(ctx, t, "hone", map[string]any{"prompt": "work forever"})
		if err == nil && (!r.IsError || !strings.Contains(r.Content[0].(mcp.TextContent).Text, "cancelled")) {
			err = nil
			t.Errorf("a cancelled call answered %+v", r)
		}
		errc <- err
	}()
	<-started
	cancel()
	<-errc
	deadline := time.After(30 * time.Second)
	for {
		if s, err := e.sess.Latest(t.Context(), e.dir); err == nil && !e.co.IsBusy(s.ID) {
			break
		}
		select {
		case <-deadline:
			t.Fatal("the turn kept running after the caller cancelled")
		case <-time.After(10 * time.Millisecond):
		}
	}
}

func TestModesAboveTheMaximumAreRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "accept-edits")
	r, err := e.call(t.Context(), t, "hone", map[string]any{"prompt": "x", "permission_mode": "yolo"})
	if err != nil || !r.IsError || !strings.Contains(r.Content[0].(mcp.TextContent).Text, "--max-mode yolo") {
		t.Errorf("yolo above max: %+v %v", r, err)
	}
	r, _ = e.call(t.Context(), t, "hone", map[string]any{"prompt": "x", "cwd": "relative"})
	if !r.IsError {
		t.Errorf("relative cwd accepted: %+v", r)
	}
	if len(e.opened) != 0 {
		t.Errorf("refused calls opened Hone: %+v", e.opened)
	}
}

// waitProgress waits up to 10 s for the progress messages received so
// far to include each of want, and returns them joined by "|".
func (e *env) waitProgress(want ...string) (string, bool) {
	deadline := time.Now().Add(10 * time.Second)
	for {
		e.mu.Lock()
		progress := strings.Join(e.progress, "|")
		e.mu.Unlock()
		all := true
		for _, w := range want {
			all = all && strings.Contains(progress, w)
		}
		if all || time.Now().After(deadline) {
			return progress, all
		}
		time.Sleep(5 * time.Millisecond)
	}
}
