package session_test

import (
	"context"
	"errors"
	"testing"

	"github.com/honecode/hone/internal/artifact"
	"github.com/honecode/hone/internal/history"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tools"
)

func TestDeleteCascades(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, sqldb := newService(t)
	msgs := message.NewService(sqldb, message.Options{})
	defer msgs.Close()
	files := history.NewService(sqldb)

	keep := mustCreate(t, s, "/p")
	doomed := mustCreate(t, s, "/p")
	child, err := s.CreateChild(ctx, doomed.ID, "call", "/p", "child")
	if err != nil {
		t.Fatal(err)
	}
	grandchild, err := s.CreateChild(ctx, child.ID, "call2", "/p", "grandchild")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{keep.ID, doomed.ID, child.ID, grandchild.ID} {
		m, err := msgs.Create(ctx, message.Message{SessionID: id, Role: llm.RoleUser, Parts: []llm.Part{llm.Text("hi")}})
		if err != nil {
			t.Fatal(err)
		}
		steps := []error{
			files.RecordRead(ctx, id, tools.ReadRecord{Path: "/p/a", ModTime: 1, Size: 1}),
			files.SaveChange(ctx, tools.FileChange{SessionID: id, MessageID: m.ID, Path: "/p/a", After: []byte("x")}),
		}
		_, terr := s.AddTurn(ctx, session.Turn{SessionID: id, MessageID: m.ID})
		steps = append(steps, terr)
		for _, err := range steps {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := s.Delete(ctx, doomed.ID); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{doomed.ID, child.ID, grandchild.ID} {
		if _, err := s.Get(ctx, id); !errors.Is(err, session.ErrNotFound) {
			t.Errorf("session %s survived: %v", id, err)
		}
	}
	for table, want := range map[string]int{"sessions": 1, "messages": 1, "file_versions": 2, "read_files": 1, "turns": 1} {
		var n int
		if err := sqldb.QueryRowContext(ctx, `SELECT count(*) FROM `+table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != want {
			t.Errorf("%s: %d rows left, want %d (the kept session's)", table, n, want)
		}
	}
	if err := s.Delete(ctx, doomed.ID); !errors.Is(err, session.ErrNotFound) {
		t.Fatalf("Delete twice = %v, want ErrNotFound", err)
	}
}

func TestDeleteRemovesArtifactsOfTheWholeTree(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newService(t)
	store := artifact.New(t.TempDir(), 0)
	s.SetArtifacts(store)
	keep := mustCreate(t, s, "/p")
	doomed := mustCreate(t, s, "/p")
	child, err := s.CreateChild(ctx, doomed.ID, "call", "/p", "child")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{keep.ID, doomed.ID, child.ID} {
		w, err := store.Create(id, "c")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write([]byte("output\n"))
		if _, err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Delete(ctx, doomed.ID); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]int{keep.ID: 1, doomed.ID: 0, child.ID: 0} {
		if list, _ := store.List(id); len(list) != want {
			t.Errorf("session %s has %d artifacts after the delete, want %d", id, len(list), want)
		}
	}
}
