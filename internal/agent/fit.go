package agent

import (
	"fmt"

	"github.com/honecode/hone/internal/llm"
)

// omittedNote opens a request whose older messages were left out.
const omittedNote = "[%d earlier messages of this conversation were left out to fit the model's context window]"

// fitWindow returns msgs cut to budget estimated tokens (0 or less: no
// limit) and how many messages were left out. The first message is kept
// when keepFirst (the summary the history starts from); older messages
// after it are dropped, and a note in their place keeps the request
// starting with a user message. The cut falls before a user or assistant
// message, never between a tool call and its result. When the newest
// messages alone are still too large, the longest texts are clipped.
func fitWindow(msgs []llm.Message, budget int64, keepFirst bool) ([]llm.Message, int) {
	if budget <= 0 || estimateMsgs(msgs) <= budget {
		return msgs, 0
	}
	head := 0
	if keepFirst && len(msgs) > 1 {
		head = 1
	}
	note := llm.Message{Role: llm.RoleUser}
	fixed := estimateMsgs(msgs[:head]) + 40
	sizes := make([]int64, len(msgs))
	for i, m := range msgs {
		sizes[i] = estimateParts(m.Parts)
	}
	// Walk back from the newest message, keeping whole messages while
	// they fit; cut at the oldest boundary reached.
	cut, used := len(msgs)-1, fixed
	for i := len(msgs) - 1; i >= head; i-- {
		if used+sizes[i] > budget {
			break
		}
		used += sizes[i]
		if msgs[i].Role != llm.RoleTool {
			cut = i
		}
	}
	for cut > head && msgs[cut].Role == llm.RoleTool {
		cut--
	}
	dropped := cut - head
	note.Parts = []llm.Part{llm.Text(fmt.Sprintf(omittedNote, dropped))}
	out := make([]llm.Message, 0, head+1+len(msgs)-cut)
	out = append(out, msgs[:head]...)
	if dropped > 0 {
		out = append(out, note)
	}
	out = append(out, msgs[cut:]...)
	return clipToFit(out, budget), dropped
}

// clipToFit shortens the longest texts of msgs (copies; msgs is shared
// with the turn's view) until the estimate is within budget.
func clipToFit(msgs []llm.Message, budget int64) []llm.Message {
	over := estimateMsgs(msgs) - budget
	if over <= 0 {
		return msgs
	}
	out := make([]llm.Message, len(msgs))
	copy(out, msgs)
	for over > 0 {
		mi, pi := longestText(out)
		if mi < 0 {
			break
		}
		parts := append([]llm.Part(nil), out[mi].Parts...)
		p := parts[pi]
		keep := max(0, len(p.Text)-int(over*4)-200)
		cutChars := len(p.Text) - keep
		p.Text = cutUTF8(p.Text, keep) + fmt.Sprintf("\n[… %d characters left out to fit the model's context window]", cutChars)
		parts[pi] = p
		out[mi] = llm.Message{Role: out[mi].Role, Parts: parts}
		if keep == 0 {
			break
		}
		over = estimateMsgs(out) - budget
	}
	return out
}

// longestText finds the part with the longest text (-1 when none is
// longer than a short note).
func longestText(msgs []llm.Message) (int, int) {
	mi, pi, n := -1, -1, 400
	for i, m := range msgs {
		for j, p := range m.Parts {
			if len(p.Text) > n {
				mi, pi, n = i, j, len(p.Text)
			}
		}
	}
	return mi, pi
}

// estimateMsgs guesses the tokens of messages.
func estimateMsgs(msgs []llm.Message) int64 {
	var n int64
	for _, m := range msgs {
		n += estimateParts(m.Parts)
	}
	return n
}

// estimateDefs guesses the tokens of the tool definitions.
func estimateDefs(defs []llm.ToolDef) int64 {
	var n int64
	for _, d := range defs {
		n += int64(len(d.Name)+len(d.Description)+len(d.Schema)+3) / 4
	}
	return n
}

// windowBudget is what the messages of a request to c may take: the
// window less the output reserved, the system prompt and the tools
// (0: the window is unknown).
func windowBudget(c Candidate, system []string, defs []llm.ToolDef, maxOut int) int64 {
	if c.Spec.ContextWindow <= 0 {
		return 0
	}
	var sys int64
	for _, s := range system {
		sys += int64(len(s)+3) / 4
	}
	b := int64(c.Spec.ContextWindow) - int64(maxOut) - sys - estimateDefs(defs)
	return max(b, 1)
}
