// Package sessiongen builds long sessions in a real store for benchmarks
// and tests of large-session paths (TUI open, sessions show, resume). The
// content is deterministic: the same Spec always yields the same
// messages.
package sessiongen

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tools"
)

// Spec shapes a generated session. A zero field takes the default noted.
type Spec struct {
	// ProjectDir is the session's project (required).
	ProjectDir string
	// Messages is how many messages to write (10,000).
	Messages int
	// ResultBytes is the size of an ordinary tool result (3,000).
	ResultBytes int
	// LargeEvery makes every LargeEvery-th tool result LargeBytes long
	// (25 and 60,000).
	LargeEvery, LargeBytes int
	// SummaryEvery writes a summary after about this many estimated
	// tokens of conversation, as auto-summary would in a real session
	// (120,000); the session's history starts at the last one.
	SummaryEvery int
}

// Result names what was generated.
type Result struct {
	SessionID string
	// SummaryID is the latest summary message ("" when none).
	SummaryID string
	// Summaries is how many summaries were written.
	Summaries int
	// Last is the id of the newest message.
	Last string
}

func (s *Spec) defaults() {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&s.Messages, 10_000)
	def(&s.ResultBytes, 3_000)
	def(&s.LargeEvery, 25)
	def(&s.LargeBytes, 60_000)
	def(&s.SummaryEvery, 120_000)
}

// Generate creates a session in db (opened by internal/db) and fills it
// with a realistic mix in one transaction: user prompts, assistant text,
// tool calls with their results (displayed like bash output), some large
// results, and a summary whenever the conversation grew past
// SummaryEvery tokens.
func Generate(ctx context.Context, db *sql.DB, spec Spec) (Result, error) {
	spec.defaults()
	if spec.ProjectDir == "" {
		return Result{}, fmt.Errorf("generate session: no project directory")
	}
	sessions := session.NewService(db)
	defer sessions.Close()
	sess, err := sessions.Create(ctx, spec.ProjectDir)
	if err != nil {
		return Result{}, fmt.Errorf("generate session: %w", err)
	}
	g := &gen{spec: spec, sessionID: sess.ID, start: sess.CreatedAt}
	msgs := g.all()
	store := message.NewService(db, message.Options{})
	defer store.Close()
	if err := store.Insert(ctx, msgs...); err != nil {
		return Result{}, fmt.Errorf("generate session: %w", err)
	}
	res := Result{SessionID: sess.ID, SummaryID: g.lastSummary, Summaries: g.summaries, Last: msgs[len(msgs)-1].ID}
	if g.lastSummary != "" {
		if err := sessions.SetSummary(ctx, sess.ID, g.lastSummary); err != nil {
			return Result{}, fmt.Errorf("generate session: %w", err)
		}
	}
	usage := llm.Usage{Input: int64(g.tokens), Output: int64(spec.Messages) * 50}
	if err := sessions.AddUsage(ctx, sess.ID, usage, 0, int64(g.tokens)); err != nil {
		return Result{}, fmt.Errorf("generate session: %w", err)
	}
	return res, nil
}

// gen holds the state of one generation.
type gen struct {
	spec        Spec
	sessionID   string
	start       int64
	out         []message.Message
	tokens      int // estimated tokens since the last summary
	calls       int
	summaries   int
	lastSummary string
}

// all writes exchanges until the session has spec.Messages messages: a
// prompt, four tool rounds, an answer (ten messages).
func (g *gen) all() []message.Message {
	g.out = make([]message.Message, 0, g.spec.Messages)
	for ex := 0; len(g.out) < g.spec.Messages; ex++ {
		if g.tokens >= g.spec.SummaryEvery {
			g.summary(ex)
			continue
		}
		g.add(llm.RoleUser, false, llm.Text(prose(ex, "Please look at part %d of the parser and fix what is wrong.", 200)))
		for r := 0; r < 4 && len(g.out) < g.spec.Messages-1; r++ {
			g.toolRound(ex, r)
		}
		if len(g.out) < g.spec.Messages {
			g.add(llm.RoleAssistant, false, llm.Text(prose(ex, "Done with part %d: the tests pass now.", 600)))
		}
	}
	return g.out[:g.spec.Messages]
}

// toolRound adds an assistant message calling bash and its result.
func (g *gen) toolRound(ex, r int) {
	g.calls++
	id := fmt.Sprintf("call_%d", g.calls)
	cmd := fmt.Sprintf("go test ./internal/part%d/... -run Test%d", ex, r)
	call := llm.Part{Type: llm.PartToolCall, ToolCallID: id, ToolName: "bash", Input: `{"command":"` + cmd + `"}`}
	g.add(llm.RoleAssistant, false, llm.Text(prose(ex, "Running the tests of part %d.", 150)), call)
	size := g.spec.ResultBytes
	if g.calls%g.spec.LargeEvery == 0 {
		size = g.spec.LargeBytes
	}
	out := output(g.calls, size)
	res := llm.ToolResult(id, "bash", out, false)
	res.Meta = meta(cmd, out)
	g.add(llm.RoleTool, false, res)
}

// summary adds a summary message and starts counting again.
func (g *gen) summary(ex int) {
	g.add(llm.RoleUser, true, llm.Text(prose(ex, "Summary up to exchange %d: the parser was reworked part by part.", 4000)))
	g.tokens = 0
	g.summaries++
	g.lastSummary = g.out[len(g.out)-1].ID
}

func (g *gen) add(role llm.Role, summary bool, parts ...llm.Part) {
	n := len(g.out)
	at := g.start + int64(n)*1000
	m := message.Message{
		ID: fmt.Sprintf("%s-%06d", g.sessionID, n), SessionID: g.sessionID, Role: role,
		Parts: parts, Status: message.StatusDone, IsSummary: summary, CreatedAt: at, UpdatedAt: at,
	}
	if role == llm.RoleAssistant {
		m.Model, m.Provider, m.FinishedAt = "m", "local", at
		m.FinishReason = llm.FinishStop
		m.Parts = append(m.Parts, llm.Part{Type: llm.PartFinish, Reason: llm.FinishStop, FinishedAt: at})
	}
	for _, p := range parts {
		g.tokens += (len(p.Text) + len(p.Input) + 3) / 4
	}
	g.out = append(g.out, m)
}

// prose is about n bytes of text starting with the formatted lead.
func prose(ex int, lead string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, lead, ex)
	for b.Len() < n {
		b.WriteString(" The change keeps the old behaviour for valid input and reports bad input clearly.")
	}
	return b.String()
}

// output is about n bytes of test output lines.
func output(call, n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "=== RUN   TestParse%d_%d\n--- PASS: TestParse%d_%d (0.00s)\n", call, i, call, i)
	}
	b.WriteString("PASS\nok  \tgithub.com/example/parser\t0.042s\n")
	return b.String()
}

// meta is the display of a bash result, as the agent stores it.
func meta(cmd, out string) []byte {
	b, err := json.Marshal(tools.Display{Kind: tools.DisplayCommand, Title: cmd, Command: cmd, Body: out})
	if err != nil {
		return nil
	}
	return b
}
