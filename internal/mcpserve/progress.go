package mcpserve

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/pubsub"
)

// progress sends notifications/progress for one call while its turn
// runs: one per model step and tool call. Without a progress token
// from the caller it sends nothing.
type progress struct {
	srv       *server.MCPServer
	token     mcp.ProgressToken
	sessionID string
	n         float64
}

func newProgress(srv *server.MCPServer, req mcp.CallToolRequest, sessionID string) *progress {
	p := &progress{srv: srv, sessionID: sessionID}
	if req.Params.Meta != nil {
		p.token = req.Params.Meta.ProgressToken
	}
	return p
}

// follow reports the session's events until the stream ends.
func (p *progress) follow(ctx context.Context, events <-chan pubsub.Event[agent.Event]) {
	for ev := range events {
		if ev.Payload.SessionID != p.sessionID {
			continue
		}
		if msg := describe(ev.Payload); msg != "" {
			p.send(ctx, msg)
		}
	}
}

func (p *progress) send(ctx context.Context, message string) {
	if p.token == nil || ctx.Err() != nil {
		return
	}
	p.n++
	_ = p.srv.SendNotificationToClient(ctx, string(mcp.MethodNotificationProgress), map[string]any{
		"progressToken": p.token, "progress": p.n, "message": message,
	})
}

// describe is the progress message of an event ("" for none).
func describe(ev agent.Event) string {
	switch ev.Type {
	case agent.EventTurnStarted:
		return "session " + ev.SessionID + " started"
	case agent.EventToolStarted:
		if ev.Call != nil {
			return "running " + ev.Call.ToolName + argSummary(ev.Call.Input)
		}
	case agent.EventToolFinished:
		if ev.Denied && ev.Call != nil {
			return ev.Call.ToolName + " was denied"
		}
	case agent.EventStepFinished:
		if ev.Step != nil {
			return fmt.Sprintf("model step done (%s/%s)", ev.Step.Provider, ev.Step.Model)
		}
	case agent.EventFailover, agent.EventInfo, agent.EventModelSwitch:
		return ev.Text
	case agent.EventSummarizing:
		return "summarizing the session"
	}
	return ""
}

// argSummary is the first string argument of a call, shortened.
func argSummary(input string) string {
	var args map[string]any
	if json.Unmarshal([]byte(input), &args) != nil {
		return ""
	}
	for _, k := range []string{"command", "file_path", "path", "pattern", "url"} {
		if s, ok := args[k].(string); ok && s != "" {
			s = strings.Join(strings.Fields(s), " ")
			if len(s) > 80 {
				s = s[:77] + "..."
			}
			return ": " + s
		}
	}
	return ""
}
