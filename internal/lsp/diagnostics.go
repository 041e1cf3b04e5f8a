package lsp

import (
	"context"
	"time"
)

// published is the last diagnostics set a server gave for a document.
type published struct {
	version *int // the document version they describe, when the server says
	items   []Diagnostic
	seq     uint64 // event count at arrival
	at      time.Time
}

// How long diagnostics may still change. A push is taken as final once no
// newer one came for settleQuiet; an empty push may be the placeholder
// some servers (gopls) send before the real set, so it must stay quiet
// for emptyQuiet. No wait lasts longer than changeWait.
const (
	settleQuiet  = 300 * time.Millisecond
	emptyQuiet   = time.Second
	changeWait   = 5 * time.Second
	projectQuiet = time.Second
)

// fileDiagnostics returns the diagnostics of doc at uri: pulled from
// servers that answer pull requests, else the settled push.
func (c *client) fileDiagnostics(ctx context.Context, uri string, doc *document) ([]Diagnostic, error) {
	if c.capabilities().pull {
		return c.pull(ctx, uri)
	}
	return c.waitPushed(ctx, uri, doc), nil
}

// waitPushed waits for a push describing doc's version (or, from servers
// that omit versions, any push after it was sent) to settle.
func (c *client) waitPushed(ctx context.Context, uri string, doc *document) []Diagnostic {
	deadline := time.Now().Add(min(changeWait, c.spec.timeout))
	for {
		c.mu.Lock()
		p, wake := c.diags[uri], c.wake
		c.mu.Unlock()
		matched := p != nil && p.seq > doc.sentAt && (p.version == nil || *p.version >= doc.version)
		var items []Diagnostic
		until := deadline
		if matched {
			items = p.items
			quiet := settleQuiet
			if len(items) == 0 {
				quiet = emptyQuiet
			}
			until = minTime(p.at.Add(quiet), deadline)
		}
		wait := time.Until(until)
		if wait <= 0 {
			return items
		}
		if !sleep(ctx, wait, wake) {
			return items
		}
	}
}

// pull asks the server for the diagnostics of uri.
func (c *client) pull(ctx context.Context, uri string) ([]Diagnostic, error) {
	var rep documentDiagnosticReport
	if err := c.call(ctx, "textDocument/diagnostic", documentDiagnosticParams{TextDocument: docID{URI: uri}}, &rep); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if rep.Kind == "unchanged" {
		if p := c.diags[uri]; p != nil {
			return p.items, nil
		}
		return nil, nil
	}
	c.diags[uri] = &published{items: rep.Items, seq: c.seq, at: time.Now()}
	return rep.Items, nil
}

// allDiagnostics returns every file's diagnostics the server knows of, by
// path: from a workspace pull when the server answers one, else pulling
// each open document, else the pushes once the server has settled.
func (c *client) allDiagnostics(ctx context.Context) map[string][]Diagnostic {
	caps := c.capabilities()
	switch {
	case caps.workspacePull:
		c.pullWorkspace(ctx)
	case caps.pull:
		c.mu.Lock()
		uris := make([]string, 0, len(c.docs))
		for uri := range c.docs {
			uris = append(uris, uri)
		}
		c.mu.Unlock()
		for _, uri := range uris {
			_, _ = c.pull(ctx, uri)
		}
	default:
		c.settle(ctx, projectQuiet)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string][]Diagnostic, len(c.diags))
	for uri, p := range c.diags {
		if path := uriToPath(uri); path != "" && len(p.items) > 0 {
			out[path] = p.items
		}
	}
	return out
}

// pullWorkspace runs a workspace/diagnostic request and stores its reports.
func (c *client) pullWorkspace(ctx context.Context) {
	var rep struct {
		Items []struct {
			URI   string       `json:"uri"`
			Kind  string       `json:"kind"`
			Items []Diagnostic `json:"items"`
		} `json:"items"`
	}
	if err := c.call(ctx, "workspace/diagnostic", map[string]any{"previousResultIds": []any{}}, &rep); err != nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, it := range rep.Items {
		if it.Kind == "full" {
			c.diags[it.URI] = &published{items: it.Items, seq: c.seq, at: time.Now()}
		}
	}
}

// settle waits until the server reports no running work and has sent
// nothing for quiet, at most the spec's timeout.
func (c *client) settle(ctx context.Context, quiet time.Duration) {
	deadline := time.Now().Add(c.spec.timeout)
	for {
		c.mu.Lock()
		busy, last, wake := len(c.progress) > 0, c.lastAt, c.wake
		c.mu.Unlock()
		until := deadline
		if !busy {
			until = minTime(last.Add(quiet), deadline)
		}
		wait := time.Until(until)
		if wait <= 0 || !sleep(ctx, wait, wake) {
			return
		}
	}
}

// sleep waits for d, an event (wake) or ctx; it reports false when ctx ended.
func sleep(ctx context.Context, d time.Duration, wake <-chan struct{}) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-wake:
	case <-ctx.Done():
		return false
	}
	return true
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
