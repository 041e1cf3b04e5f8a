package acp

import (
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

// translator turns the Coordinator's events of one session into ACP
// session updates. It keeps what it already sent: the text of each
// message (snapshots become chunks) and the tool calls announced.
type translator struct {
	tools   Tools
	workDir string
	sent    map[string]string // message id + part type → text sent
	calls   map[string]bool   // announced tool call ids
}

func newTranslator(reg Tools, workDir string) *translator {
	return &translator{tools: reg, workDir: workDir, sent: map[string]string{}, calls: map[string]bool{}}
}

// translate returns the updates for ev, in order.
func (t *translator) translate(ev agent.Event) []sdk.SessionUpdate {
	switch ev.Type {
	case agent.EventMessage, agent.EventStepFinished:
		return t.message(ev.Message)
	case agent.EventToolStarted:
		if ev.Call != nil {
			return []sdk.SessionUpdate{t.toolStarted(*ev.Call)}
		}
	case agent.EventToolFinished:
		if ev.Call != nil && ev.ResultPart != nil {
			return []sdk.SessionUpdate{t.toolFinished(*ev.Call, *ev.ResultPart)}
		}
	case agent.EventInfo, agent.EventFailover, agent.EventModelSwitch:
		return []sdk.SessionUpdate{sdk.UpdateAgentThoughtText("\n" + ev.Text + "\n")}
	case agent.EventSummarizing:
		return []sdk.SessionUpdate{sdk.UpdateAgentThoughtText("\nSummarizing the conversation to free up context…\n")}
	}
	return nil
}

// message streams what an assistant snapshot added: reasoning as thought
// chunks, text as message chunks, and announces its new tool calls.
func (t *translator) message(m *message.Message) []sdk.SessionUpdate {
	if m == nil || m.ID == "" || m.Role != llm.RoleAssistant {
		return nil
	}
	var out []sdk.SessionUpdate
	if d := t.delta(m, llm.PartReasoning); d != "" {
		out = append(out, sdk.UpdateAgentThoughtText(d))
	}
	if d := t.delta(m, llm.PartText); d != "" {
		out = append(out, sdk.UpdateAgentMessageText(d))
	}
	for _, p := range m.Parts {
		if p.Type == llm.PartToolCall && p.ToolCallID != "" && !t.calls[p.ToolCallID] {
			t.calls[p.ToolCallID] = true
			out = append(out, sdk.StartToolCall(sdk.ToolCallId(p.ToolCallID), p.ToolName,
				sdk.WithStartKind(kindOf(p.ToolName, t.tools)), sdk.WithStartStatus(sdk.ToolCallStatusPending)))
		}
	}
	return out
}

// delta is the text of m's parts of type typ added since the last
// snapshot. A retry that restarted the text sends the new text whole:
// ACP cannot take back what a client already shows.
func (t *translator) delta(m *message.Message, typ llm.PartType) string {
	var b strings.Builder
	for _, p := range m.Parts {
		if p.Type == typ {
			b.WriteString(p.Text)
		}
	}
	text, key := b.String(), m.ID+"\x00"+string(typ)
	prev := t.sent[key]
	t.sent[key] = text
	if strings.HasPrefix(text, prev) {
		return text[len(prev):]
	}
	return text
}

// toolStarted announces a call about to run, or completes its announcement
// with its arguments.
func (t *translator) toolStarted(call llm.Part) sdk.SessionUpdate {
	v := viewOf(call, t.tools, t.workDir)
	id := sdk.ToolCallId(call.ToolCallID)
	if !t.calls[call.ToolCallID] {
		t.calls[call.ToolCallID] = true
		return sdk.StartToolCall(id, v.title, sdk.WithStartKind(v.kind), sdk.WithStartStatus(sdk.ToolCallStatusInProgress),
			sdk.WithStartLocations(v.locations), sdk.WithStartRawInput(v.rawInput))
	}
	return sdk.UpdateToolCall(id, sdk.WithUpdateTitle(v.title), sdk.WithUpdateKind(v.kind),
		sdk.WithUpdateStatus(sdk.ToolCallStatusInProgress), sdk.WithUpdateLocations(v.locations), sdk.WithUpdateRawInput(v.rawInput))
}

// toolFinished reports a call's outcome with its rendered result.
func (t *translator) toolFinished(call, res llm.Part) sdk.SessionUpdate {
	status := sdk.ToolCallStatusCompleted
	if res.IsError {
		status = sdk.ToolCallStatusFailed
	}
	content, locs := resultContent(res)
	id := sdk.ToolCallId(call.ToolCallID)
	if !t.calls[call.ToolCallID] {
		t.calls[call.ToolCallID] = true
		v := viewOf(call, t.tools, t.workDir)
		if locs == nil {
			locs = v.locations
		}
		return sdk.StartToolCall(id, v.title, sdk.WithStartKind(v.kind), sdk.WithStartStatus(status),
			sdk.WithStartLocations(locs), sdk.WithStartRawInput(v.rawInput), sdk.WithStartContent(content))
	}
	opts := []sdk.ToolCallUpdateOpt{sdk.WithUpdateStatus(status), sdk.WithUpdateContent(content)}
	if locs != nil {
		opts = append(opts, sdk.WithUpdateLocations(locs))
	}
	return sdk.UpdateToolCall(id, opts...)
}
