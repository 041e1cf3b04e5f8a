package app

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/mcp"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tools"
	"github.com/honecode/hone/internal/wiretrace"
)

// TraceDir is where wire traces go: one JSONL file per session.
func (a *App) TraceDir() string { return filepath.Join(a.dataDir, "traces") }

// wireRecorder is the recorder of wire traces, redacting with the one
// redaction function of logs and errors.
func (a *App) wireRecorder() *wiretrace.Recorder {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.wire == nil {
		a.wire = wiretrace.NewRecorder(a.TraceDir(), a.Redact)
	}
	return a.wire
}

// llmTransport is the HTTP transport of provider calls: traced when
// --trace-llm or options.trace.llm asks, else nil (the default one).
func (a *App) llmTransport(t config.Trace) http.RoundTripper {
	if !a.opts.TraceLLM && !t.LLM {
		return nil
	}
	log := a.Logger()
	return &wiretrace.Transport{
		Base: http.DefaultTransport.(*http.Transport).Clone(), Rec: a.wireRecorder(), Kind: wiretrace.KindLLM,
		Session: llm.SessionFrom,
		OnError: func(err error) { log.Warn("wire trace", "err", err) },
	}
}

// mcpTracer records MCP messages when --trace-mcp or options.trace.mcp
// asks, else nil.
func (a *App) mcpTracer(t config.Trace) mcp.Tracer {
	if !a.opts.TraceMCP && !t.MCP {
		return nil
	}
	rec, log := a.wireRecorder(), a.Logger()
	return func(ctx context.Context, server, dir string, msg any) {
		r := wiretrace.Record{Kind: wiretrace.KindMCP, Dir: dir, Server: server}
		if err, ok := msg.(error); ok {
			r.Error = err.Error()
		} else if b, err := json.Marshal(msg); err != nil {
			r.Error = fmt.Sprintf("encode message: %v", err)
		} else {
			r.Body = string(b)
		}
		if err := rec.Write(tools.CallFrom(ctx).SessionID, r); err != nil {
			log.Warn("wire trace", "err", err)
		}
	}
}

// removers deletes a session's files from each store in turn (artifacts,
// wire traces), reporting the first failure.
type removers []session.ArtifactRemover

// RemoveSession implements session.ArtifactRemover.
func (r removers) RemoveSession(sessionID string) error {
	var first error
	for _, x := range r {
		if err := x.RemoveSession(sessionID); err != nil && first == nil {
			first = err
		}
	}
	return first
}
