package fake

import (
	"context"
	"fmt"
	"iter"
	"strings"
	"sync"

	"github.com/honecode/hone/internal/llm"
)

// TB is the part of testing.TB that AssertConsumed uses (the package does
// not import testing, so the binary can link it).
type TB interface {
	Helper()
	Errorf(format string, args ...any)
}

// Model is a scripted llm.Provider. It is safe for concurrent use; turns are
// handed out in the order requests arrive.
type Model struct {
	mu       sync.Mutex
	main     []Turn
	side     []Turn
	nextMain int
	nextSide int
	requests []llm.Request
	sideReqs []llm.Request
	extra    int
	fallback string
}

// New returns a model that answers main requests with turns, in order.
func New(turns ...Turn) *Model {
	return &Model{main: turns}
}

// Add appends main turns to the script.
func (m *Model) Add(turns ...Turn) *Model {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.main = append(m.main, turns...)
	return m
}

// AddSide appends turns that answer side requests (requests without tools:
// titles, summaries), in order.
func (m *Model) AddSide(turns ...Turn) *Model {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.side = append(m.side, turns...)
	return m
}

// SetFallback makes main requests that arrive after the script has run out
// get text as the answer instead of a bad_request error. Such requests
// still count as unexpected for AssertConsumed.
func (m *Model) SetFallback(text string) *Model {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.fallback = text
	return m
}

// Requests returns a copy of every main request received, in order.
func (m *Model) Requests() []llm.Request {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]llm.Request(nil), m.requests...)
}

// SideRequests returns a copy of every side request received, in order.
func (m *Model) SideRequests() []llm.Request {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]llm.Request(nil), m.sideReqs...)
}

// Remaining is the number of main turns not yet used.
func (m *Model) Remaining() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.main) - m.nextMain
}

// AssertConsumed fails t when a scripted turn (main or side) was never
// used or when a main request arrived after the script had run out.
func (m *Model) AssertConsumed(t TB) {
	t.Helper()
	m.mu.Lock()
	defer m.mu.Unlock()
	if n := len(m.main) - m.nextMain; n > 0 {
		t.Errorf("fake model: %d of %d scripted turns never requested (next: %s)", n, len(m.main), describe(m.main[m.nextMain]))
	}
	if n := len(m.side) - m.nextSide; n > 0 {
		t.Errorf("fake model: %d of %d scripted side turns never requested", n, len(m.side))
	}
	if m.extra > 0 {
		t.Errorf("fake model: %d main request(s) after the script ran out", m.extra)
	}
}

// Stream answers req with the next scripted turn.
func (m *Model) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.Event, error] {
	return func(yield func(llm.Event, error) bool) {
		turn, index := m.take(req)
		s := streamer{ctx: ctx, yield: yield, turn: index, sent: requestChars(req)}
		s.run(turn)
	}
}

// take records req and picks its turn; index numbers main turns from 1 and
// side turns from -1 down.
func (m *Model) take(req *llm.Request) (Turn, int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(req.Tools) == 0 {
		m.sideReqs = append(m.sideReqs, cloneRequest(req))
		if m.nextSide < len(m.side) {
			m.nextSide++
			return m.side[m.nextSide-1], -m.nextSide
		}
		return Turn{Text(defaultTitle(req))}, -(len(m.sideReqs))
	}
	m.requests = append(m.requests, cloneRequest(req))
	if m.nextMain < len(m.main) {
		m.nextMain++
		return m.main[m.nextMain-1], m.nextMain
	}
	m.extra++
	if m.fallback != "" {
		return Turn{Text(m.fallback)}, len(m.requests)
	}
	msg := fmt.Sprintf("fake: no scripted turn left for main request %d", len(m.requests))
	return Turn{Error(llm.KindBadRequest).WithMessage(msg)}, len(m.requests)
}

// cloneRequest copies req deeply enough that later changes by the caller
// to its slices do not alter the record.
func cloneRequest(req *llm.Request) llm.Request {
	c := *req
	c.System = append([]string(nil), req.System...)
	c.Tools = append([]llm.ToolDef(nil), req.Tools...)
	c.Messages = make([]llm.Message, len(req.Messages))
	for i, msg := range req.Messages {
		c.Messages[i] = llm.Message{Role: msg.Role, Parts: append([]llm.Part(nil), msg.Parts...)}
	}
	return c
}

// defaultTitle answers a side request: the first words of its last user
// text.
func defaultTitle(req *llm.Request) string {
	for i := len(req.Messages) - 1; i >= 0; i-- {
		if req.Messages[i].Role != llm.RoleUser {
			continue
		}
		words := strings.Fields(req.Messages[i].Text())
		if len(words) > 6 {
			words = words[:6]
		}
		if len(words) > 0 {
			return strings.Join(words, " ")
		}
	}
	return "Fake session"
}

func requestChars(req *llm.Request) int {
	n := 0
	for _, s := range req.System {
		n += len(s)
	}
	for _, msg := range req.Messages {
		for _, p := range msg.Parts {
			n += len(p.Text) + len(p.Input)
		}
	}
	return n
}

func describe(t Turn) string {
	var parts []string
	for _, it := range t {
		switch it.kind {
		case kindText:
			parts = append(parts, fmt.Sprintf("text %q", abbreviate(it.text)))
		case kindToolCall:
			parts = append(parts, "tool call "+it.name)
		case kindError:
			parts = append(parts, "error "+string(it.err.Kind))
		case kindReasoning:
			parts = append(parts, "reasoning")
		}
	}
	if len(parts) == 0 {
		return "empty turn"
	}
	return strings.Join(parts, ", ")
}

func abbreviate(s string) string {
	if len(s) > 30 {
		return s[:30] + "…"
	}
	return s
}
