package cmd

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

// clipped returns s as a stored outline carries a tool result's text.
func clipped(s string) message.Clip {
	m := message.Message{Parts: []llm.Part{{Type: llm.PartToolResult, Text: s}}}
	return message.NewOutline(m, true).Parts[0].Text
}

// longTexts are strings around the transcript's and the outline's
// limits: line counts, byte counts, characters across the cut, final
// newlines; and random mixes of them.
func longTexts() []string {
	line := strings.Repeat("x", 79) + "\n"
	texts := []string{
		"", "\n\n\n", "one line", strings.Repeat(line, 19), strings.Repeat(line, 20),
		strings.Repeat(line, 21), strings.Repeat(line, 20) + "tail",
		strings.Repeat(line, 19) + strings.Repeat("\n", 3000),
		strings.Repeat("a\n", 19) + strings.Repeat("\n", 40) + "end",
		strings.Repeat("y", 1999) + "é" + strings.Repeat("z", 3000),
		strings.Repeat("y", 2047) + "é" + strings.Repeat("z", 10),
		strings.Repeat("é", 1500), strings.Repeat("𝄞", 700) + "\n\n",
		strings.Repeat("y", message.OutlineHead), strings.Repeat("y", message.OutlineHead+1),
		strings.Repeat(line, 200) + strings.Repeat("\n", 5),
	}
	pieces := []string{"a", "é", "✓", "𝄞", "\n", "\n\n", line, strings.Repeat("w", 300)}
	r := rand.New(rand.NewPCG(19, 2026))
	for range 3000 {
		var b strings.Builder
		n := r.IntN(6000)
		for b.Len() < n {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		if r.IntN(4) == 0 {
			b.WriteString(strings.Repeat("\n", r.IntN(50)))
		}
		texts = append(texts, b.String())
	}
	return texts
}

// A clipped string shortens to exactly what the whole string does, so
// showing stored outlines prints what reading every part did.
func TestShortenClipMatchesWhole(t *testing.T) {
	t.Parallel()
	tr := &transcript{}
	var out strings.Builder
	for _, s := range longTexts() {
		want := tr.shortenWhole(s)
		if got := tr.shorten(clipped(s)); got != want {
			t.Fatalf("text of %d bytes:\nclipped: %q\nwhole:   %q", len(s), got, want)
		}
		// Written line by line, it is the shortened text with the
		// prefix before each line.
		out.Reset()
		w := &transcript{w: &out}
		w.indented(clipped(s), "  │ ")
		if want := "  │ " + strings.ReplaceAll(want, "\n", "\n  │ ") + "\n"; out.String() != want {
			t.Fatalf("text of %d bytes indented:\n%q\nwant %q", len(s), out.String(), want)
		}
	}
}

// `sessions show` prints the same from stored outlines as from messages
// read whole (outlines dropped, as in a database older than them), and
// --full prints what the outlines left out.
func TestSessionsShowOutlinesMatchWholeMessages(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := newTestStore(t)
	s := seedConversation(t, st, projectDir(t), "Long results")
	texts := longTexts()[:40]
	for i, text := range texts {
		msgs := []message.Message{
			{Role: llm.RoleAssistant, Provider: "p", Model: "m", FinishReason: llm.FinishToolUse, Parts: []llm.Part{
				{Type: llm.PartReasoning, Text: text},
				{Type: llm.PartToolCall, ToolCallID: "c", ToolName: "bash", Input: text},
			}},
			{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("c", "bash", text, i%2 == 0),
				{Type: llm.PartImage, MediaType: "image/png", Data: []byte("png")}}},
			{Role: llm.RoleAssistant, Status: message.StatusStreaming, Parts: []llm.Part{llm.Text(text),
				{Type: llm.PartFinish, Reason: llm.FinishError, Text: "boom"}}},
		}
		for _, m := range msgs {
			m.SessionID = s.ID
			if _, err := st.Messages.Create(ctx, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	var outlines int // each finished message is stored with its outline
	if err := st.DB.QueryRowContext(ctx, `SELECT count(*) FROM message_outlines`).Scan(&outlines); err != nil || outlines < 80 {
		t.Fatalf("%d outlines stored (%v)", outlines, err)
	}
	show := func(full bool) string {
		t.Helper()
		io, out, _ := testIO("")
		if err := runSessionsShow(ctx, &SessionsShowOptions{ID: s.ID, Full: full, Store: st}, io); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	stored := show(false)
	full := show(true)
	if _, err := st.DB.ExecContext(ctx, `DELETE FROM message_outlines`); err != nil {
		t.Fatal(err)
	}
	if whole := show(false); stored != whole {
		t.Fatalf("stored outlines print differently from whole messages:\n%s", firstDiff(stored, whole))
	}
	wantContains(t, stored, "more lines (--full shows all)", "[image image/png, 3 bytes]", "[error: boom]", "· streaming")
	if strings.Contains(full, "more lines") || !strings.Contains(full, strings.TrimRight(texts[len(texts)-1], "\n")) {
		t.Fatal("--full shortened a text")
	}
}

// firstDiff shows where a and b part.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-200)
	return "stored: " + a[from:min(len(a), i+200)] + "\nwhole:  " + b[from:min(len(b), i+200)]
}
