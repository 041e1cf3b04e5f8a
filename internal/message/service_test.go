package message

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/honecode/hone/internal/db"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/pubsub"
)

// newTestService opens a fresh database with one session "s1".
func newTestService(t testing.TB, debounce time.Duration) (*Service, *sql.DB) {
	t.Helper()
	ctx := context.Background()
	sqldb, err := db.Open(ctx, filepath.Join(t.TempDir(), "hone.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sqldb.ExecContext(ctx, `INSERT INTO sessions (id, project_dir, created_at, updated_at)
		VALUES ('s1', '/p', 1, 1)`); err != nil {
		t.Fatal(err)
	}
	s := NewService(sqldb, Options{Debounce: debounce})
	t.Cleanup(func() {
		_ = s.Close()
		_ = sqldb.Close()
	})
	return s, sqldb
}

// storedText reads a message's text straight from the database, bypassing
// the service's pending values.
func storedText(t testing.TB, sqldb *sql.DB, id string) (string, Status) {
	t.Helper()
	m, err := getMessage(context.Background(), sqldb, id)
	if err != nil {
		t.Fatal(err)
	}
	return m.LLM().Text(), m.Status
}

func TestCreateGetListDelete(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newTestService(t, time.Hour)
	var ids []string
	for _, text := range []string{"one", "two", "three"} {
		m, err := s.Create(ctx, Message{SessionID: "s1", Role: llm.RoleUser, Parts: []llm.Part{llm.Text(text)}})
		if err != nil {
			t.Fatal(err)
		}
		if m.ID == "" || m.CreatedAt == 0 || m.Status != StatusDone {
			t.Fatalf("created message not filled in: %+v", m)
		}
		ids = append(ids, m.ID)
	}
	got, err := s.Get(ctx, ids[1])
	if err != nil || got.LLM().Text() != "two" || got.SessionID != "s1" {
		t.Fatalf("Get = %+v, %v", got, err)
	}
	list, err := s.List(ctx, "s1")
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 3 || list[0].ID != ids[0] || list[2].ID != ids[2] {
		t.Fatalf("List order wrong: %+v", list)
	}
	if err := s.Delete(ctx, ids[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, ids[0]); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get deleted = %v, want ErrNotFound", err)
	}
	if err := s.Delete(ctx, ids[0]); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Delete twice = %v, want ErrNotFound", err)
	}
}

func TestListKeepsCreationOrderWithinOneMillisecond(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newTestService(t, time.Hour)
	var ids []string
	for i := 0; i < 20; i++ {
		// Same timestamp and ids that sort backwards: only seq orders them.
		m, err := s.Create(ctx, Message{ID: string(rune('z' - i)), SessionID: "s1", Role: llm.RoleUser, CreatedAt: 5})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	list, err := s.List(ctx, "s1")
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range list {
		if m.ID != ids[i] {
			t.Fatalf("position %d: %s, want %s", i, m.ID, ids[i])
		}
	}
}

func TestPartsRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newTestService(t, time.Hour)
	parts := []llm.Part{
		{Type: llm.PartReasoning, Text: "think", Signature: "sig", Provider: "anthropic"},
		{Type: llm.PartToolCall, ToolCallID: "c1", ToolName: "view", Input: `{"file_path":"a.go"}`},
		{Type: llm.PartImage, MediaType: "image/png", Data: []byte{0, 1, 2}},
		{Type: llm.PartFinish, Reason: llm.FinishToolUse, FinishedAt: 9},
	}
	m, err := s.Create(ctx, Message{SessionID: "s1", Role: llm.RoleAssistant, Parts: parts, Model: "m", Provider: "p"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Get(ctx, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Parts) != 4 || got.Parts[0].Signature != "sig" || got.Parts[1].Input != `{"file_path":"a.go"}` ||
		string(got.Parts[2].Data) != "\x00\x01\x02" || got.Parts[3].Reason != llm.FinishToolUse || got.Model != "m" {
		t.Fatalf("parts did not round-trip: %+v", got)
	}
}

func TestStreamingUpdatesAreCoalesced(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, sqldb := newTestService(t, time.Hour) // the timer never fires here
	m, err := s.Create(ctx, Message{SessionID: "s1", Role: llm.RoleAssistant, Status: StatusStreaming})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i := 0; i < 100; i++ {
		b.WriteString("x")
		m.Parts = []llm.Part{llm.Text(b.String())}
		if err := s.Update(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	if n := s.writes.Load(); n != 0 {
		t.Fatalf("%d writes before the debounce elapsed, want 0", n)
	}
	if text, _ := storedText(t, sqldb, m.ID); text != "" {
		t.Fatalf("database already has %q", text)
	}
	got, err := s.Get(ctx, m.ID)
	if err != nil || len(got.LLM().Text()) != 100 {
		t.Fatalf("Get does not see the pending update: %q, %v", got.LLM().Text(), err)
	}
	list, err := s.List(ctx, "s1")
	if err != nil || len(list[0].LLM().Text()) != 100 {
		t.Fatalf("List does not see the pending update: %v", err)
	}
	if err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if text, _ := storedText(t, sqldb, m.ID); len(text) != 100 {
		t.Fatalf("after Flush database has %d chars, want 100", len(text))
	}
	if n := s.writes.Load(); n != 1 {
		t.Fatalf("%d writes for 100 coalesced updates, want 1", n)
	}
}

func TestTerminalUpdateSupersedesPending(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, sqldb := newTestService(t, time.Hour)
	m, err := s.Create(ctx, Message{SessionID: "s1", Role: llm.RoleAssistant, Status: StatusStreaming})
	if err != nil {
		t.Fatal(err)
	}
	m.Parts = []llm.Part{llm.Text("partial")}
	if err := s.Update(ctx, m); err != nil {
		t.Fatal(err)
	}
	m.Parts = []llm.Part{llm.Text("final")}
	m.Status = StatusDone
	if err := s.Update(ctx, m); err != nil {
		t.Fatal(err)
	}
	if text, status := storedText(t, sqldb, m.ID); text != "final" || status != StatusDone {
		t.Fatalf("terminal update not written at once: %q %s", text, status)
	}
	if err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if text, _ := storedText(t, sqldb, m.ID); text != "final" {
		t.Fatalf("stale streaming value overwrote the terminal one: %q", text)
	}
}

func TestTimerWritesPendingUpdate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, sqldb := newTestService(t, 5*time.Millisecond)
	m, err := s.Create(ctx, Message{SessionID: "s1", Role: llm.RoleAssistant, Status: StatusStreaming})
	if err != nil {
		t.Fatal(err)
	}
	m.Parts = []llm.Part{llm.Text("hello")}
	if err := s.Update(ctx, m); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		if text, _ := storedText(t, sqldb, m.ID); text == "hello" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("timer never wrote the pending update")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestCloseFlushesAndRefusesWrites(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, sqldb := newTestService(t, time.Hour)
	m, err := s.Create(ctx, Message{SessionID: "s1", Role: llm.RoleAssistant, Status: StatusStreaming})
	if err != nil {
		t.Fatal(err)
	}
	m.Parts = []llm.Part{llm.Text("last words")}
	if err := s.Update(ctx, m); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if text, _ := storedText(t, sqldb, m.ID); text != "last words" {
		t.Fatalf("Close did not flush: %q", text)
	}
	if err := s.Update(ctx, m); !errors.Is(err, ErrClosed) {
		t.Fatalf("Update after Close = %v, want ErrClosed", err)
	}
	m.Status = StatusDone
	if err := s.Update(ctx, m); !errors.Is(err, ErrClosed) {
		t.Fatalf("terminal Update after Close = %v, want ErrClosed", err)
	}
	if _, err := s.Create(ctx, Message{SessionID: "s1"}); !errors.Is(err, ErrClosed) {
		t.Fatalf("Create after Close = %v, want ErrClosed", err)
	}
}

func TestEveryUpdateIsPublished(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, _ := newTestService(t, time.Hour)
	events := s.Subscribe(ctx)
	m, err := s.Create(ctx, Message{SessionID: "s1", Role: llm.RoleAssistant, Status: StatusStreaming})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10; i++ {
		if err := s.Update(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Delete(ctx, m.ID); err != nil {
		t.Fatal(err)
	}
	var got []pubsub.EventType
	for len(got) < 12 {
		got = append(got, (<-events).Type)
	}
	if got[0] != pubsub.Created || got[1] != pubsub.Updated || got[10] != pubsub.Updated || got[11] != pubsub.Deleted {
		t.Fatalf("events = %v", got)
	}
}

func TestUpdateUnknownMessage(t *testing.T) {
	t.Parallel()
	s, _ := newTestService(t, time.Hour)
	err := s.Update(context.Background(), Message{ID: "nope", Status: StatusDone})
	if !errors.Is(err, ErrNotFound) {
		t.Fatalf("Update unknown = %v, want ErrNotFound", err)
	}
}
