package run

import (
	"encoding/json"
	"io"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/session"
)

// streamLine is one line of stream-json; Type says which fields are set
// (docs/exit-codes.md lists the types).
type streamLine struct {
	Type         string          `json:"type"`
	SessionID    string          `json:"session_id,omitempty"`
	MessageID    string          `json:"message_id,omitempty"`
	Text         string          `json:"text,omitempty"`
	ID           string          `json:"id,omitempty"`
	Name         string          `json:"name,omitempty"`
	Input        json.RawMessage `json:"input,omitempty"`
	Content      string          `json:"content,omitempty"`
	IsError      bool            `json:"is_error,omitempty"`
	Denied       bool            `json:"denied,omitempty"`
	Provider     string          `json:"provider,omitempty"`
	Model        string          `json:"model,omitempty"`
	Usage        *llm.Usage      `json:"usage,omitempty"`
	Cost         *float64        `json:"cost,omitempty"`
	FinishReason string          `json:"finish_reason,omitempty"`
	Failovers    []string        `json:"failovers,omitempty"`
	Attempt      int             `json:"attempt,omitempty"`
	MaxAttempts  int             `json:"max_attempts,omitempty"`
	WaitMS       int64           `json:"wait_ms,omitempty"`
	// Reason, From and To describe a model_switch; Switch the one before
	// a step.
	Reason string               `json:"reason,omitempty"`
	From   string               `json:"from,omitempty"`
	To     string               `json:"to,omitempty"`
	Switch *session.ModelSwitch `json:"model_switch,omitempty"`
}

// streamPrinter writes one JSON object per line as things happen.
type streamPrinter struct {
	enc *json.Encoder
	d   deltas
}

func newStreamPrinter(w io.Writer) *streamPrinter {
	return &streamPrinter{enc: json.NewEncoder(w)}
}

func (p *streamPrinter) event(ev agent.Event) {
	switch ev.Type {
	case agent.EventTurnStarted:
		p.line(streamLine{Type: "turn_started", SessionID: ev.SessionID})
	case agent.EventMessage:
		p.deltas(ev)
	case agent.EventStepFinished:
		p.deltas(ev)
		p.step(ev)
	case agent.EventToolStarted:
		if ev.Call == nil {
			return
		}
		p.line(streamLine{Type: "tool_call", ID: ev.Call.ToolCallID, Name: ev.Call.ToolName, Input: rawInput(ev.Call.Input)})
	case agent.EventToolFinished:
		r := ev.ResultPart
		if r == nil {
			return
		}
		p.line(streamLine{Type: "tool_result", ID: r.ToolCallID, Name: r.ToolName, Content: r.Text, IsError: r.IsError, Denied: ev.Denied})
	case agent.EventFailover, agent.EventInfo:
		p.line(streamLine{Type: string(ev.Type), Text: ev.Text})
	case agent.EventRetrying:
		l := streamLine{Type: string(ev.Type), Text: ev.Text}
		if r := ev.Retry; r != nil {
			l.Attempt, l.MaxAttempts, l.WaitMS = r.Attempt, r.MaxAttempts, r.Wait.Milliseconds()
		}
		p.line(l)
	case agent.EventModelSwitch:
		if sw := ev.Switch; sw != nil {
			reason := sw.Reason
			if sw.Detail != "" {
				reason += ": " + sw.Detail
			}
			p.line(streamLine{Type: string(ev.Type), Text: ev.Text, Reason: reason, From: sw.From, To: sw.To})
		}
	case agent.EventSummarizing, agent.EventSummarized:
		p.line(streamLine{Type: string(ev.Type)})
	}
}

func (p *streamPrinter) deltas(ev agent.Event) {
	m := ev.Message
	if m == nil || m.ID == "" || m.Role != llm.RoleAssistant {
		return
	}
	for _, typ := range []llm.PartType{llm.PartReasoning, llm.PartText} {
		delta, reset := p.d.next(m, typ)
		if reset {
			p.line(streamLine{Type: "reset", MessageID: m.ID})
		}
		if delta != "" {
			p.line(streamLine{Type: string(typ), MessageID: m.ID, Text: delta})
		}
	}
}

func (p *streamPrinter) step(ev agent.Event) {
	s := ev.Step
	if s == nil {
		return
	}
	u := llm.Usage{Input: s.InputTokens, Output: s.OutputTokens, CacheRead: s.CacheRead, CacheWrite: s.CacheWrite}
	cost := s.Cost
	p.line(streamLine{Type: "step", MessageID: s.MessageID, Provider: s.Provider, Model: s.Model, Usage: &u, Cost: &cost,
		FinishReason: s.FinishReason, Failovers: s.Failovers, Text: s.Error, Switch: s.Switch})
}

func (p *streamPrinter) note(text string) { p.line(streamLine{Type: "info", Text: text}) }

func (p *streamPrinter) finish(res *agent.Result, code ExitCode) {
	r := newResultJSON(res, code)
	r.Type = "result"
	_ = p.enc.Encode(r)
}

func (p *streamPrinter) line(l streamLine) { _ = p.enc.Encode(l) }

// rawInput is the call's arguments as JSON: the object itself when valid,
// else the text as a JSON string.
func rawInput(in string) json.RawMessage {
	if json.Valid([]byte(in)) {
		return json.RawMessage(in)
	}
	b, _ := json.Marshal(in)
	return b
}
