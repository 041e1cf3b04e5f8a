package lsp

import (
	"context"
	"encoding/json"
	"path/filepath"
	"time"

	"github.com/sourcegraph/jsonrpc2"
)

// handle answers what a server sends: diagnostics and progress are
// recorded, requests get the minimal answers a client owes. It runs on
// the connection's read loop, so it never blocks.
func (c *client) handle(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	var params json.RawMessage
	if req.Params != nil {
		params = *req.Params
	}
	switch req.Method {
	case "textDocument/publishDiagnostics":
		var p publishDiagnosticsParams
		if err := json.Unmarshal(params, &p); err == nil {
			c.published(p)
		}
		return nil, nil
	case "$/progress":
		c.onProgress(params)
		return nil, nil
	case "workspace/configuration":
		return c.configuration(params), nil
	case "workspace/workspaceFolders":
		return []any{map[string]any{"uri": pathToURI(c.root), "name": filepath.Base(c.root)}}, nil
	case "client/registerCapability":
		c.onRegister(params)
		return nil, nil
	case "workspace/applyEdit":
		return map[string]any{"applied": false, "failureReason": "Hone does not apply edits from language servers"}, nil
	case "client/unregisterCapability", "window/workDoneProgress/create", "window/showMessageRequest",
		"window/showDocument", "workspace/diagnostic/refresh", "workspace/semanticTokens/refresh",
		"workspace/inlayHint/refresh", "workspace/codeLens/refresh", "workspace/inlineValue/refresh":
		return nil, nil
	}
	if req.Notif {
		c.m.opts.Logger.Debug("language server notification", "server", c.spec.name, "method", req.Method)
		return nil, nil
	}
	return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "Hone does not handle " + req.Method}
}

// configuration answers workspace/configuration: the server's init
// options for its own section, null for anything else.
func (c *client) configuration(params json.RawMessage) []any {
	var p struct {
		Items []struct {
			Section string `json:"section"`
		} `json:"items"`
	}
	_ = json.Unmarshal(params, &p)
	out := make([]any, len(p.Items))
	for i, it := range p.Items {
		if it.Section == c.spec.name && len(c.spec.cfg.InitOptions) > 0 {
			out[i] = c.spec.cfg.InitOptions
		}
	}
	return out
}

// onRegister notices pull diagnostics registered dynamically.
func (c *client) onRegister(params json.RawMessage) {
	var p struct {
		Registrations []struct {
			Method string `json:"method"`
		} `json:"registrations"`
	}
	_ = json.Unmarshal(params, &p)
	for _, r := range p.Registrations {
		if r.Method == "textDocument/diagnostic" {
			c.mu.Lock()
			c.caps.pull = true
			c.status.Diagnostics = DiagnosticsPull
			c.mu.Unlock()
		}
	}
}

// onProgress tracks work the server reports as running (loading the
// workspace, indexing), so waits can tell a busy server from a settled one.
func (c *client) onProgress(params json.RawMessage) {
	var p struct {
		Token json.RawMessage `json:"token"`
		Value struct {
			Kind string `json:"kind"`
		} `json:"value"`
	}
	if json.Unmarshal(params, &p) != nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch p.Value.Kind {
	case "begin":
		c.progress[string(p.Token)] = true
	case "end":
		delete(c.progress, string(p.Token))
	}
	c.eventLocked()
}

// published stores pushed diagnostics.
func (c *client) published(p publishDiagnosticsParams) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.eventLocked()
	c.diags[p.URI] = &published{version: p.Version, items: p.Diagnostics, seq: c.seq, at: c.lastAt}
}

// eventLocked counts an event and wakes its waiters; c.mu is held.
func (c *client) eventLocked() {
	c.seq++
	c.lastAt = time.Now()
	close(c.wake)
	c.wake = make(chan struct{})
}
