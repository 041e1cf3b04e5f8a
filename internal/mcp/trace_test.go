package mcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/honecode/hone/internal/config"
	hmcp "github.com/honecode/hone/internal/mcp"
	"github.com/honecode/hone/internal/tools"
)

type traced struct {
	session, server, dir, body string
}

// TestTraceRecordsEveryMessage: with Options.Trace, the handshake and a
// tool call's request and response reach the tracer, the call's with the
// calling session.
func TestTraceRecordsEveryMessage(t *testing.T) {
	t.Parallel()
	var (
		mu  sync.Mutex
		got []traced
	)
	trace := func(ctx context.Context, server, dir string, msg any) {
		b, _ := json.Marshal(msg)
		mu.Lock()
		got = append(got, traced{tools.CallFrom(ctx).SessionID, server, dir, string(b)})
		mu.Unlock()
	}
	reg := tools.NewRegistry()
	m := hmcp.New(hmcp.Options{Servers: map[string]config.MCPServer{
		"calc": {URL: serveHTTP(t, testServer()), Headers: map[string]string{"Authorization": "Bearer s3cret"}},
	}, Registry: reg, Perms: &asker{}, WorkDir: t.TempDir(), Trace: trace})
	t.Cleanup(func() { _ = m.Close() })
	m.Start(context.WithoutCancel(t.Context()))
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	if err := m.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}
	cctx := tools.WithCall(t.Context(), tools.CallContext{SessionID: "s1", MessageID: "m1", CallID: "c1"})
	if r := reg.Run(cctx, tools.Call{ID: "c1", Name: "mcp_calc_add", Input: []byte(`{"a":2,"b":3}`)}); r.IsError || r.Content != "5" {
		t.Fatalf("call: %+v", r)
	}
	mu.Lock()
	defer mu.Unlock()
	var init, req, res bool
	for _, g := range got {
		switch {
		case g.server != "calc":
			t.Errorf("record of server %q", g.server)
		case g.dir == "request" && strings.Contains(g.body, `"method":"initialize"`):
			init = true
		case g.dir == "request" && strings.Contains(g.body, `"method":"tools/call"`) && g.session == "s1":
			req = true
		case g.dir == "response" && strings.Contains(g.body, `"5"`) && g.session == "s1":
			res = true
		}
	}
	if !init || !req || !res {
		t.Fatalf("initialize %v, call %v, result %v in %+v", init, req, res, got)
	}
}
