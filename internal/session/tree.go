package session

import (
	"strings"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

// Node kinds of the operation tree.
const (
	NodeSession  = "session"
	NodeTurn     = "turn"     // one prompt and everything it caused
	NodeStep     = "step"     // one model call
	NodeTool     = "tool"     // one tool call
	NodeSubAgent = "subagent" // a sub-agent's session, under its agent call
	NodeSummary  = "summary"
	NodeSwitch   = "model_switch"
	NodeFailover = "failover"
)

// Node is one operation of the tree `hone sessions show --tree` prints.
// LatencyMS, tokens and Cost are totals: the node's own plus its
// children's (a turn's latency is the sum of its steps and tool calls,
// so parallel tool calls each count).
type Node struct {
	Kind string `json:"kind"`
	// Name is the prompt (shortened) of a turn, the model of a step, the
	// tool of a call, the title of a sub-agent, the reason of a switch.
	Name        string  `json:"name"`
	ID          string  `json:"id,omitempty"`
	Outcome     string  `json:"outcome,omitempty"`
	Detail      string  `json:"detail,omitempty"`
	LatencyMS   int64   `json:"latency_ms"`
	ResultBytes int64   `json:"result_bytes,omitempty"`
	Tokens      Tokens  `json:"tokens"`
	Cost        float64 `json:"cost"`
	Children    []*Node `json:"children,omitempty"`
	// totaled is set once the totals include the children (a sub-agent's
	// tree arrives totaled).
	totaled bool
}

// Tokens are the token counts of a node.
type Tokens struct {
	Input      int64 `json:"input"`
	Output     int64 `json:"output"`
	CacheRead  int64 `json:"cache_read"`
	CacheWrite int64 `json:"cache_write"`
}

func (t Tokens) add(o Tokens) Tokens {
	return Tokens{t.Input + o.Input, t.Output + o.Output, t.CacheRead + o.CacheRead, t.CacheWrite + o.CacheWrite}
}

// TreeInput is what one session contributes to the tree: its rows, and
// the trees of its sub-agents by the agent call that started them.
type TreeInput struct {
	Session  Session
	Messages []message.Message
	Turns    []Turn
	Ops      []Operation
	Children map[string]*Node
}

// BuildTree assembles the operation tree of a session from its messages
// (the order of turns, steps and calls), its trace rows and operation
// rows, and its sub-agents' trees, and computes the totals.
func BuildTree(in TreeInput) *Node {
	b := treeBuilder{in: in, steps: map[string]Turn{}, ops: map[string]Operation{}, results: map[string]llm.Part{}}
	for _, t := range in.Turns {
		if t.MessageID != "" {
			b.steps[t.MessageID] = t
		}
	}
	for _, o := range in.Ops {
		b.ops[o.CallID] = o
	}
	root := &Node{Kind: NodeSession, Name: in.Session.Title, ID: in.Session.ID}
	b.walk(root)
	for _, t := range in.Turns {
		if !b.used[t.ID] {
			b.parent(root).Children = append(b.parent(root).Children, stepNode(t))
		}
	}
	total(root)
	return root
}

type treeBuilder struct {
	in      TreeInput
	steps   map[string]Turn
	ops     map[string]Operation
	results map[string]llm.Part
	used    map[int64]bool
	turn    *Node
}

// parent is the current turn node, or root before the first prompt.
func (b *treeBuilder) parent(root *Node) *Node {
	if b.turn != nil {
		return b.turn
	}
	return root
}

func (b *treeBuilder) walk(root *Node) {
	b.used = map[int64]bool{}
	for _, m := range b.in.Messages {
		for _, p := range m.Parts {
			if p.Type == llm.PartToolResult {
				b.results[p.ToolCallID] = p
			}
		}
	}
	for _, m := range b.in.Messages {
		switch {
		case m.Status == message.StatusQueued:
		case m.Role == llm.RoleUser && m.IsSummary:
			n := &Node{Kind: NodeSummary, Name: "summary", ID: m.ID}
			if t, ok := b.steps[m.ID]; ok {
				b.used[t.ID] = true
				setStep(n, t)
			}
			b.parent(root).Children = append(b.parent(root).Children, n)
		case m.Role == llm.RoleUser:
			b.turn = &Node{Kind: NodeTurn, Name: shortLine(m.LLM().Text(), 60), ID: m.ID}
			root.Children = append(root.Children, b.turn)
		case m.Role == llm.RoleAssistant:
			b.parent(root).Children = append(b.parent(root).Children, b.step(m))
		}
	}
}

// step is the node of an assistant message: its trace row, the switch
// and failovers before it, and its tool calls.
func (b *treeBuilder) step(m message.Message) *Node {
	n := &Node{Kind: NodeStep, Name: m.Provider + "/" + m.Model, ID: m.ID}
	if t, ok := b.steps[m.ID]; ok {
		b.used[t.ID] = true
		n = stepNode(t)
		n.ID = m.ID
	}
	for _, p := range m.Parts {
		if p.Type == llm.PartToolCall {
			n.Children = append(n.Children, b.tool(p))
		}
	}
	return n
}

func stepNode(t Turn) *Node {
	n := &Node{Kind: NodeStep, Name: t.Provider + "/" + t.Model, ID: t.MessageID}
	setStep(n, t)
	if t.Switch != nil {
		n.Children = append(n.Children, &Node{Kind: NodeSwitch, Name: t.Switch.Reason, Detail: t.Switch.Text()})
	}
	for _, fo := range t.Failovers {
		n.Children = append(n.Children, &Node{Kind: NodeFailover, Name: fo})
	}
	return n
}

func setStep(n *Node, t Turn) {
	n.Outcome, n.Detail = t.FinishReason, t.Error
	n.LatencyMS, n.Cost = t.LatencyMS, t.Cost
	n.Tokens = Tokens{t.InputTokens, t.OutputTokens, t.CacheRead, t.CacheWrite}
}

// tool is the node of a call: its operation row when recorded, else what
// its stored result says; a sub-agent's tree hangs below it.
func (b *treeBuilder) tool(call llm.Part) *Node {
	n := &Node{Kind: NodeTool, Name: call.ToolName, ID: call.ToolCallID}
	if o, ok := b.ops[call.ToolCallID]; ok {
		n.Outcome, n.LatencyMS, n.ResultBytes = o.Outcome, o.LatencyMS, o.ResultBytes
	} else if r, ok := b.results[call.ToolCallID]; ok {
		n.Outcome, n.ResultBytes = OutcomeOK, int64(len(r.Text))
		if r.IsError {
			n.Outcome = OutcomeError
		}
	} else {
		n.Outcome = OutcomeInterrupted
	}
	if sub, ok := b.in.Children[call.ToolCallID]; ok {
		n.Children = append(n.Children, sub)
	}
	return n
}

// total adds the children's totals to n and returns n's.
// A tool call's own latency already covers its sub-agent's.
func total(n *Node) {
	if n.totaled {
		return
	}
	n.totaled = true
	for _, c := range n.Children {
		total(c)
		if n.Kind != NodeTool {
			n.LatencyMS += c.LatencyMS
		}
		n.Tokens = n.Tokens.add(c.Tokens)
		n.Cost += c.Cost
	}
}

// shortLine is the first line of s, cut to max runes.
func shortLine(s string, max int) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if r := []rune(s); len(r) > max {
		return string(r[:max-1]) + "…"
	}
	return s
}
