package acp

import (
	"context"
	"encoding/base64"
	"fmt"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

// replay sends the session's stored history as updates, as the client
// would have seen it live: user chunks, thoughts, answers, each tool call
// with its outcome, then the plan and the title. Queued prompts and
// summaries (the model's own notes) are left out.
func (s *acpSession) replay(ctx context.Context) error {
	msgs, err := s.ws.Messages.List(ctx, s.id)
	if err != nil {
		return fmt.Errorf("load history of session %s: %w", s.id, err)
	}
	results := map[string]llm.Part{}
	for _, m := range msgs {
		for _, p := range m.Parts {
			if p.Type == llm.PartToolResult {
				results[p.ToolCallID] = p
			}
		}
	}
	tr := newTranslator(s.ws.Tools, s.ws.WorkDir)
	for _, m := range msgs {
		if m.Status == message.StatusQueued || m.IsSummary {
			continue
		}
		for _, u := range replayMessage(tr, m, results) {
			s.update(ctx, u)
		}
	}
	sess, err := s.ws.Sessions.Resolve(ctx, s.id)
	if err != nil {
		return fmt.Errorf("load session %s: %w", s.id, err)
	}
	if len(sess.Todos) > 0 {
		s.update(ctx, planUpdate(sess.Todos))
	}
	if sess.Title != "" {
		s.update(ctx, sdk.SessionUpdate{SessionInfoUpdate: &sdk.SessionSessionInfoUpdate{SessionUpdate: "session_info_update", Title: sdk.Ptr(sess.Title)}})
	}
	return nil
}

// replayMessage is one stored message as updates.
func replayMessage(tr *translator, m message.Message, results map[string]llm.Part) []sdk.SessionUpdate {
	var out []sdk.SessionUpdate
	for _, p := range m.Parts {
		switch {
		case m.Role == llm.RoleUser && p.Type == llm.PartText:
			out = append(out, sdk.UpdateUserMessageText(p.Text))
		case m.Role == llm.RoleUser && p.Type == llm.PartImage:
			out = append(out, sdk.UpdateUserMessage(sdk.ImageBlock(base64.StdEncoding.EncodeToString(p.Data), p.MediaType)))
		case m.Role != llm.RoleAssistant:
		case p.Type == llm.PartReasoning && p.Text != "":
			out = append(out, sdk.UpdateAgentThoughtText(p.Text))
		case p.Type == llm.PartText && p.Text != "":
			out = append(out, sdk.UpdateAgentMessageText(p.Text))
		case p.Type == llm.PartToolCall:
			out = append(out, replayCall(tr, p, results))
		}
	}
	return out
}

// replayCall is a stored tool call with its result (a call without one
// was cut off by a crash and shows as failed).
func replayCall(tr *translator, call llm.Part, results map[string]llm.Part) sdk.SessionUpdate {
	res, ok := results[call.ToolCallID]
	if !ok {
		res = llm.ToolResult(call.ToolCallID, call.ToolName, "interrupted: no result was stored", true)
	}
	return tr.toolFinished(call, res)
}
