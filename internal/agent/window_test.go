package agent_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session/sessiongen"
)

// estimate is the agent's own guess: four characters a token.
func estimate(req llm.Request) int64 {
	var n int64
	for _, s := range req.System {
		n += int64(len(s)+3) / 4
	}
	for _, d := range req.Tools {
		n += int64(len(d.Name)+len(d.Description)+len(d.Schema)+3) / 4
	}
	for _, m := range req.Messages {
		for _, p := range m.Parts {
			n += int64(len(p.Text)+len(p.Input)+3) / 4
		}
	}
	return n
}

// exchanges are n rounds of prompt, tool call, a result of size bytes,
// answer.
func exchanges(sid string, n, size int) []message.Message {
	var out []message.Message
	for i := range n {
		id := fmt.Sprintf("call_%d", i)
		out = append(out,
			message.Message{SessionID: sid, Role: llm.RoleUser, Parts: []llm.Part{llm.Text(fmt.Sprintf("prompt %d", i))}},
			message.Message{SessionID: sid, Role: llm.RoleAssistant, Parts: []llm.Part{llm.ToolCallPart(id, "glob", `{}`)}},
			message.Message{SessionID: sid, Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult(id, "glob", strings.Repeat("x", size), false)}},
			message.Message{SessionID: sid, Role: llm.RoleAssistant, Parts: []llm.Part{llm.Text(fmt.Sprintf("answer %d", i))}},
		)
	}
	for i := range out {
		out[i].Status = message.StatusDone
	}
	return out
}

func noAutoSummary(c *agent.Config) { c.DisableAutoSummarize = true }

// A history larger than the window (auto-summary off, or failing) is cut
// from the oldest end: the request fits, starts with a note, keeps the
// newest messages and never separates a call from its result.
func TestRequestFitsWindow(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Text("ok")})
	h := newHarness(t, m, noAutoSummary)
	h.msgs.Put(exchanges(h.sid, 100, 8_000)...) // ~200k tokens, window 100k
	h.run("latest question")
	req := m.Requests()[0]
	if got := estimate(req); got > 100_000-1000 {
		t.Fatalf("request of ~%d tokens for a 100k window with 1k output", got)
	}
	checkValid(t, req.Messages)
	if first := req.Messages[0]; first.Role != llm.RoleUser || !strings.Contains(first.Text(), "left out to fit") {
		t.Errorf("first message %+v, want the note", first)
	}
	if last := req.Messages[len(req.Messages)-1]; last.Text() != "latest question" {
		t.Errorf("last message %q", last.Text())
	}
	if n := len(req.Messages); n < 150 || n > 200 {
		t.Errorf("%d messages sent, want the newest ~195 (half the history)", n)
	}
}

// A summary at the head of the history stays first when older messages
// after it are left out; a single message larger than the window is
// clipped instead of sent whole.
func TestRequestFitsWindowKeepsSummary(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Text("ok")})
	h := newHarness(t, m, noAutoSummary)
	sum := message.Message{SessionID: h.sid, Role: llm.RoleUser, IsSummary: true, Status: message.StatusDone,
		Parts: []llm.Part{llm.Text("SUMMARY so far")}}
	h.msgs.Put(sum)
	h.sess.SetSummary(t.Context(), h.sid, h.stored()[0].ID)
	h.msgs.Put(exchanges(h.sid, 60, 8_000)...)
	h.run(strings.Repeat("y", 600_000)) // ~150k tokens on its own
	req := m.Requests()[0]
	if got := estimate(req); got > 100_000-1000 {
		t.Fatalf("request of ~%d tokens for a 100k window", got)
	}
	checkValid(t, req.Messages)
	if req.Messages[0].Text() != "SUMMARY so far" {
		t.Errorf("first message %q, want the summary", req.Messages[0].Text())
	}
	last := req.Messages[len(req.Messages)-1].Text()
	if !strings.HasPrefix(last, "yyyy") || !strings.Contains(last, "characters left out") {
		t.Errorf("the oversized prompt was not clipped: %d bytes", len(last))
	}
}

// Resuming a 3,000-message session from SQLite sends the latest summary
// and what follows it, nothing older, within the window.
func TestSQLiteResumeLargeSessionFromSummary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	st := openStore(t, t.TempDir()+"/hone.db")
	gen, err := sessiongen.Generate(t.Context(), st.db, sessiongen.Spec{ProjectDir: dir, Messages: 3_000, SummaryEvery: 30_000})
	if err != nil {
		t.Fatal(err)
	}
	if gen.Summaries < 2 {
		t.Fatalf("%d summaries generated", gen.Summaries)
	}
	m := fake.New(fake.Turn{fake.Text("ok")})
	co := sqliteCoordinator(t, st, m, dir)
	if _, err := co.Run(t.Context(), gen.SessionID, "go on", nil); err != nil {
		t.Fatal(err)
	}
	req := m.Requests()[0]
	checkValid(t, req.Messages)
	if first := req.Messages[0].Text(); !strings.HasPrefix(first, "Summary up to exchange") {
		t.Fatalf("request starts with %.60q, want the latest summary", first)
	}
	since, err := st.msgs.ListSince(t.Context(), gen.SessionID, gen.SummaryID)
	if err != nil {
		t.Fatal(err)
	}
	// since holds the new prompt and the answer too; the request the
	// prompt but not the answer.
	if got, want := len(req.Messages), len(since)-1; got != want {
		t.Errorf("%d messages sent, want the %d from the latest summary on", got, want)
	}
	if got := estimate(req); got > 100_000 {
		t.Errorf("request of ~%d tokens for a 100k window", got)
	}
}
