package agent

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/tools"
)

// interruptedText is the content of the synthetic result given to a tool
// call that never got one.
const interruptedText = "interrupted: this tool call did not run to completion (the turn was cancelled or Hone stopped); its effects, if any, are unknown"

// repairPlan is what makes a stored history a valid request again after a
// cancel or a crash. Applying it is idempotent: a repaired history yields
// an empty plan.
type repairPlan struct {
	// hist is the repaired history (queued prompts left out, orphan
	// results dropped, missing results filled in).
	hist []message.Message
	// updates are stored messages to rewrite: assistant messages left
	// streaming, tool messages missing results.
	updates []message.Message
	// create is the index in hist of a synthetic tool message to store
	// (only ever the last message, so stored order stays valid); -1 if none.
	create int
	// queued are prompts left queued, in order.
	queued []message.Message
}

// sinceSummary returns the messages from the summary message on (all of
// them when there is none or it is missing).
func sinceSummary(msgs []message.Message, summaryID string) []message.Message {
	if summaryID == "" {
		return msgs
	}
	for i, m := range msgs {
		if m.ID == summaryID {
			return msgs[i:]
		}
	}
	return msgs
}

// planRepair inspects msgs (creation order) and plans their repair.
func planRepair(msgs []message.Message, now int64) repairPlan {
	plan := repairPlan{create: -1}
	live := make([]message.Message, 0, len(msgs))
	for _, m := range msgs {
		if m.Status == message.StatusQueued {
			plan.queued = append(plan.queued, m)
			continue
		}
		live = append(live, m)
	}
	for i := 0; i < len(live); i++ {
		m := live[i]
		if m.Status == message.StatusStreaming {
			m = finishInterrupted(m, now)
			plan.updates = append(plan.updates, m)
		}
		if m.Role == llm.RoleTool {
			continue // an orphan: results are taken with their assistant message
		}
		plan.hist = append(plan.hist, m)
		calls := m.LLM().ToolCalls()
		if m.Role != llm.RoleAssistant || len(calls) == 0 {
			continue
		}
		var next *message.Message
		if i+1 < len(live) && live[i+1].Role == llm.RoleTool {
			i++
			next = &live[i]
		}
		tm, added := completeResults(calls, next, m, now)
		plan.hist = append(plan.hist, tm)
		switch {
		case next != nil && added:
			plan.updates = append(plan.updates, tm)
		case next == nil && i == len(live)-1:
			plan.create = len(plan.hist) - 1
		}
	}
	return plan
}

// finishInterrupted closes an assistant message a crash left streaming.
func finishInterrupted(m message.Message, now int64) message.Message {
	parts := make([]llm.Part, 0, len(m.Parts)+1)
	for _, p := range m.Parts {
		if p.Type == llm.PartFinish {
			continue
		}
		if p.Type == llm.PartToolCall {
			p = closeCall(p)
		}
		parts = append(parts, p)
	}
	m.Parts = append(parts, llm.Part{Type: llm.PartFinish, Reason: llm.FinishCanceled, FinishedAt: now, Text: "interrupted"})
	m.Status = message.StatusDone
	m.FinishReason = llm.FinishCanceled
	m.FinishedAt = now
	m.UpdatedAt = now
	return m
}

// closeCall marks a tool call whose arguments may be incomplete.
func closeCall(p llm.Part) llm.Part {
	if p.InputError == "" {
		p.InputError = llm.ToolCallPart(p.ToolCallID, p.ToolName, p.Input).InputError
	}
	return p
}

// completeResults returns the tool message answering calls of assistant
// message a: the results of next in call order, a synthetic interrupted
// result for each call without one, and no result for unknown calls.
// added reports whether a synthetic result was needed.
func completeResults(calls []llm.Part, next *message.Message, a message.Message, now int64) (message.Message, bool) {
	tm := message.Message{SessionID: a.SessionID, Role: llm.RoleTool, Status: message.StatusDone, CreatedAt: now, UpdatedAt: now}
	have := map[string][]llm.Part{}
	if next != nil {
		tm = *next
		for _, p := range next.Parts {
			if p.ToolCallID != "" {
				have[p.ToolCallID] = append(have[p.ToolCallID], p)
			}
		}
	}
	parts := make([]llm.Part, 0, len(calls))
	added := false
	for _, call := range calls {
		if got := have[call.ToolCallID]; hasResult(got) {
			parts = append(parts, got...)
			continue
		}
		parts = append(parts, interruptedResult(call))
		added = true
	}
	tm.Parts = parts
	return tm, added
}

func hasResult(parts []llm.Part) bool {
	for _, p := range parts {
		if p.Type == llm.PartToolResult {
			return true
		}
	}
	return false
}

// interruptedResult is the synthetic error result of call.
func interruptedResult(call llm.Part) llm.Part {
	p := llm.ToolResult(call.ToolCallID, call.ToolName, interruptedText, true)
	p.Meta = displayMeta(tools.Display{Kind: tools.DisplayText, Body: "interrupted"})
	return p
}

func displayMeta(d tools.Display) json.RawMessage {
	b, err := json.Marshal(d)
	if err != nil {
		return nil
	}
	return b
}

// applyRepair stores the plan's changes and returns the repaired history.
func (c *Coordinator) applyRepair(ctx context.Context, plan repairPlan) ([]message.Message, error) {
	for _, m := range plan.updates {
		if err := c.deps.Messages.Update(ctx, m); err != nil {
			return nil, fmt.Errorf("repair message %s: %w", m.ID, err)
		}
	}
	if plan.create >= 0 {
		m, err := c.deps.Messages.Create(ctx, plan.hist[plan.create])
		if err != nil {
			return nil, fmt.Errorf("repair tool results: %w", err)
		}
		plan.hist[plan.create] = m
	}
	return plan.hist, nil
}
