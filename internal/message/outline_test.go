package message

import (
	"context"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/honecode/hone/internal/db"
	"github.com/honecode/hone/internal/llm"
)

// outlineMessages cover every part type, clipped and whole strings, and
// every metadata field.
func outlineMessages() []Message {
	long := strings.Repeat("line of output é\n", 300)
	return []Message{
		{ID: "u", Role: llm.RoleUser, Parts: []llm.Part{llm.Text(long)}, CreatedAt: 1},
		{ID: "a", Role: llm.RoleAssistant, Model: "m", Provider: "p", FinishReason: llm.FinishToolUse,
			CreatedAt: 2, Parts: []llm.Part{
				{Type: llm.PartReasoning, Text: long, Signature: "sig"},
				{Type: llm.PartToolCall, ToolCallID: "c1", ToolName: "bash", Input: long, InputError: "bad"},
			}},
		{ID: "t", Role: llm.RoleTool, CreatedAt: 3, Parts: []llm.Part{
			{Type: llm.PartToolResult, ToolCallID: "c1", ToolName: "bash", Text: long, IsError: true,
				Meta: []byte(`{"kind":"command"}`)},
			{Type: llm.PartImage, MediaType: "image/png", Data: make([]byte, 70_000)},
		}},
		{ID: "s", Role: llm.RoleAssistant, IsSummary: true, CreatedAt: -4, Status: StatusQueued,
			Parts: []llm.Part{{Type: llm.PartFinish, Reason: llm.FinishError, Text: "boom"}}},
	}
}

func TestOutlineRoundTrip(t *testing.T) {
	t.Parallel()
	for _, m := range outlineMessages() {
		o := NewOutline(m, true)
		rec := encodeOutline(o)
		got, ok := decodeOutline(string(rec))
		if !ok || !reflect.DeepEqual(got, o) {
			t.Fatalf("%s: decoded %v %+v, want %+v", m.ID, ok, got, o)
		}
		for i := range len(rec) {
			if _, ok := decodeOutline(string(rec[:i])); ok {
				t.Fatalf("%s: a record cut to %d of %d bytes decoded", m.ID, i, len(rec))
			}
		}
		other := append([]byte{outlineVersion + 1}, rec[1:]...)
		if _, ok := decodeOutline(string(other)); ok {
			t.Fatalf("%s: a record of another version decoded", m.ID)
		}
	}
	o := NewOutline(outlineMessages()[2], true)
	if p := o.Parts[0]; p.Text.Whole() || p.Text.Len != len(outlineMessages()[2].Parts[0].Text) ||
		p.Text.Newlines != 300 || p.Text.Trailing != 1 || strings.Count(p.Text.Head, "\n") != OutlineLines {
		t.Fatalf("tool result not clipped to its head: %+v", p.Text)
	}
	if o.Parts[1].DataLen != 70_000 {
		t.Fatalf("image data length %d", o.Parts[1].DataLen)
	}
	if u := NewOutline(outlineMessages()[0], true); !u.Parts[0].Text.Whole() {
		t.Fatal("a text part was clipped")
	}
}

// FuzzDecodeOutline: no record, however damaged, panics the reader or
// yields a clip a transcript cannot cut.
func FuzzDecodeOutline(f *testing.F) {
	for _, m := range outlineMessages() {
		f.Add(encodeOutline(NewOutline(m, true)))
	}
	f.Fuzz(func(t *testing.T, rec []byte) {
		o, ok := decodeOutline(string(rec))
		if !ok {
			return
		}
		for _, p := range o.Parts {
			for _, c := range []Clip{p.Text, p.Input} {
				if !c.Whole() && (!validHead(c.Head) || c.Len <= len(c.Head)) {
					t.Fatalf("invalid clip %+v", c)
				}
			}
		}
	})
}

// EachOutline returns the stored outline of a final message, and reads
// whole every message that has none or whose outline is stale: a
// streaming one, one written by SQL that knows no outlines (an older
// build), one changed by such SQL (the trigger drops its outline), one
// with an update not yet written.
func TestEachOutline(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, sqldb := newTestService(t, DefaultDebounce)
	for _, m := range outlineMessages() {
		m.SessionID = "s1"
		if _, err := s.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	streaming, err := s.Create(ctx, Message{SessionID: "s1", Role: llm.RoleAssistant, Status: StatusStreaming,
		Parts: []llm.Part{llm.Text("partial")}})
	if err != nil {
		t.Fatal(err)
	}
	exec(t, sqldb, `INSERT INTO messages (id, session_id, role, parts, status, created_at, updated_at)
		VALUES ('old', 's1', 'user', '[{"type":"text","text":"from an older build"}]', 'done', 9, 9)`)
	exec(t, sqldb, `UPDATE messages SET parts = '[{"type":"text","text":"changed"}]' WHERE id = 'u'`)
	streaming.Parts = []llm.Part{llm.Text("partial, and more")}
	if err := s.Update(ctx, streaming); err != nil { // held, not written yet
		t.Fatal(err)
	}
	var stored int
	if err := sqldb.QueryRowContext(ctx, `SELECT count(*) FROM message_outlines`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if stored != 3 {
		t.Fatalf("%d outlines stored, want 3 (a, t, s)", stored)
	}
	checkOutlines(t, s)
	// Outlines of another version, or damaged: the messages are read whole.
	exec(t, sqldb, `UPDATE message_outlines SET outline = CAST(X'02' || substr(outline, 2) AS BLOB)
		WHERE seq = (SELECT seq FROM messages WHERE id = 'a')`)
	exec(t, sqldb, `UPDATE message_outlines SET outline = X'01FF'
		WHERE seq = (SELECT seq FROM messages WHERE id = 't')`)
	checkOutlines(t, s)
	// A final message with a streaming update held in memory.
	a, err := s.Get(ctx, "s")
	if err != nil {
		t.Fatal(err)
	}
	a.Status, a.Parts = StatusStreaming, []llm.Part{llm.Text("again")}
	if err := s.Update(ctx, a); err != nil {
		t.Fatal(err)
	}
	checkOutlines(t, s)
	// Finished, both get their outlines.
	a.Status, streaming.Status = StatusDone, StatusDone
	for _, m := range []Message{a, streaming} {
		if err := s.Update(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	checkOutlines(t, s)
	// Changed by another writer before the outline is written: the
	// queued outline no longer matches the row and is not stored.
	x, err := s.Create(ctx, Message{SessionID: "s1", Role: llm.RoleUser, Parts: []llm.Part{llm.Text("x")}})
	if err != nil {
		t.Fatal(err)
	}
	exec(t, sqldb, `UPDATE messages SET parts = '[{"type":"text","text":"other"}]',
		updated_at = updated_at + 1 WHERE id = ?`, x.ID)
	if err := s.Delete(ctx, "t"); err != nil {
		t.Fatal(err)
	}
	if err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	checkOutlines(t, s)
	if err := sqldb.QueryRowContext(ctx, `SELECT count(*) FROM message_outlines`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if stored != 3 { // a (another version), s, the formerly streaming one
		t.Fatalf("%d outlines after deleting a message, want 3", stored)
	}
}

// checkOutlines holds EachOutline to the outlines of List's messages.
func checkOutlines(t *testing.T, s *Service) {
	t.Helper()
	msgs, err := s.List(context.Background(), "s1")
	if err != nil {
		t.Fatal(err)
	}
	var got []Outline
	err = s.EachOutline(context.Background(), "s1", func(o Outline) error {
		got = append(got, o)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(msgs) {
		t.Fatalf("%d outlines for %d messages", len(got), len(msgs))
	}
	for i, m := range msgs {
		if want := NewOutline(m, true); !reflect.DeepEqual(got[i], want) {
			t.Errorf("message %s: outline %+v, want %+v", m.ID, got[i], want)
		}
	}
}

// Migration 00006's Down drops the outlines and their trigger; the
// messages stay as they are and can still be changed.
func TestOutlineMigrationDown(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, sqldb := newTestService(t, DefaultDebounce)
	m, err := s.Create(ctx, Message{SessionID: "s1", Role: llm.RoleUser, Parts: []llm.Part{llm.Text("hi")}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("../db/migrations/00006_message_outlines.sql")
	if err != nil {
		t.Fatal(err)
	}
	_, down, ok := strings.Cut(string(b), "-- +goose Down")
	if !ok {
		t.Fatal("no Down section")
	}
	exec(t, sqldb, down)
	var left int
	err = sqldb.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE name LIKE 'message_outlines%'`).Scan(&left)
	if err != nil || left != 0 {
		t.Fatalf("%d outline objects left after Down (%v)", left, err)
	}
	exec(t, sqldb, `UPDATE messages SET status = 'done' WHERE id = ?`, m.ID)
	if got, err := s.Get(ctx, m.ID); err != nil || got.Parts[0].Text != "hi" {
		t.Fatalf("after Down: %+v, %v", got, err)
	}
}

// FinalWriteStatements are texts a message's final write runs: once it
// ran, warming them prepares nothing more.
func TestFinalWriteStatementsAreTheOnesRun(t *testing.T) {
	ctx := context.Background()
	_, fresh := newTestService(t, time.Hour)
	if n, err := db.Warm(ctx, fresh, FinalWriteStatements()); err != nil || n != len(FinalWriteStatements()) {
		t.Fatalf("Warm on a fresh connection = %d, %v; want every statement prepared", n, err)
	}
	s, sqldb := newTestService(t, time.Hour)
	m, err := s.Create(ctx, Message{SessionID: "s1", Role: llm.RoleAssistant, Status: StatusStreaming})
	if err != nil {
		t.Fatal(err)
	}
	m.Parts, m.Status = []llm.Part{llm.Text("final")}, StatusDone
	if err := s.Update(ctx, m); err != nil {
		t.Fatal(err)
	}
	var outlines int
	if err := sqldb.QueryRowContext(ctx, `SELECT count(*) FROM message_outlines`).Scan(&outlines); err != nil || outlines != 1 {
		t.Fatalf("outlines = %d, %v; want the final message's", outlines, err)
	}
	if n, err := db.Warm(ctx, sqldb, FinalWriteStatements()); err != nil || n != 0 {
		t.Fatalf("Warm after the final write = %d, %v; want 0: a listed text is not one the final write runs", n, err)
	}
}
