package mcpserve

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/session"
)

// run opens Hone for the call, picks the session (a new one when id is
// ""), runs the turn while reporting progress, and builds the result.
func (h *handler) run(ctx context.Context, req mcp.CallToolRequest, o OpenOptions, id, prompt string) *mcp.CallToolResult {
	ws, sess, err := h.open(ctx, o, id)
	if err != nil {
		return mcp.NewToolResultError(err.Error())
	}
	defer func() {
		if err := ws.Close(); err != nil {
			h.opts.Logger.Warn("mcp serve: close", "err", err)
		}
	}()
	p := newProgress(h.srv, req, sess.ID)
	subCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	events := ws.Agent.Subscribe(subCtx)
	go func() {
		defer close(done)
		p.follow(ctx, events)
	}()
	res, err := ws.Agent.RunWith(ctx, sess.ID, prompt, nil, agent.RunOptions{})
	cancel()
	<-done
	if err != nil {
		if errors.Is(err, agent.ErrNoModel) {
			err = fmt.Errorf("%w: configure a provider in hone.json or set its API key variable", err)
		}
		return mcp.NewToolResultError(fmt.Sprintf("session %s: %v", sess.ID, err))
	}
	return result(res)
}

// open opens the Workspace and the session. A reply runs in its
// session's directory, so the Workspace is reopened there when needed.
func (h *handler) open(ctx context.Context, o OpenOptions, id string) (*Workspace, session.Session, error) {
	ws, err := h.opts.Open(ctx, o)
	if err != nil {
		return nil, session.Session{}, err
	}
	if id == "" {
		sess, err := ws.Sessions.Create(ctx, ws.WorkDir)
		if err != nil {
			_ = ws.Close()
			return nil, sess, fmt.Errorf("create session: %w", err)
		}
		return ws, sess, nil
	}
	sess, err := ws.Sessions.Resolve(ctx, id)
	if err != nil {
		_ = ws.Close()
		return nil, sess, fmt.Errorf("session_id %q: %w", id, err)
	}
	if sess.ProjectDir == ws.WorkDir {
		return ws, sess, nil
	}
	if err := ws.Close(); err != nil {
		return nil, sess, err
	}
	o.Cwd = sess.ProjectDir
	if ws, err = h.opts.Open(ctx, o); err != nil {
		return nil, sess, fmt.Errorf("open the directory of session %s: %w", sess.ID, err)
	}
	return ws, sess, nil
}

// resultJSON is the structured result of both tools.
type resultJSON struct {
	SessionID  string  `json:"session_id"`
	Result     string  `json:"result"`
	ExitReason string  `json:"exit_reason"`
	Steps      int     `json:"steps"`
	Cost       float64 `json:"cost"`
	Denials    int     `json:"denials"`
	Error      string  `json:"error,omitempty"`
}

// result is the final answer and the session id, as text and as
// structured content; a turn that did not end well is an error result.
func result(res *agent.Result) *mcp.CallToolResult {
	r := resultJSON{SessionID: res.SessionID, Result: res.Text, ExitReason: string(res.Reason),
		Steps: res.Steps, Cost: res.Cost, Denials: res.Denials}
	text := res.Text
	if err := outcome(res); err != nil {
		r.Error = err.Error()
		text = fmt.Sprintf("%s\n\n%s", err, res.Text)
	}
	out := mcp.NewToolResultStructured(r, text)
	out.Content = append(out.Content, mcp.NewTextContent("session_id: "+res.SessionID))
	out.IsError = r.Error != ""
	return out
}

// outcome explains a turn that did not end with an answer.
func outcome(res *agent.Result) error {
	switch res.Reason {
	case agent.ExitDone, agent.ExitQueued:
		return nil
	case agent.ExitCanceled:
		return errors.New("cancelled; the partial work is saved in session " + res.SessionID)
	case agent.ExitMaxSteps:
		return fmt.Errorf("stopped: step limit reached after %d steps", res.Steps)
	case agent.ExitMaxCost:
		return errors.New("stopped: the cost limit was reached")
	case agent.ExitLoop:
		return errors.New("stopped: the model kept repeating the same tool call")
	case agent.ExitPermissionDenied:
		return fmt.Errorf("the task ended after %d denied permission request(s): nobody can approve actions here; "+
			"pass a looser permission_mode or allow the action in the permission rules", res.Denials)
	}
	if res.Err != nil {
		return res.Err
	}
	return fmt.Errorf("turn ended: %s", res.Reason)
}
