package session_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"

	"github.com/honecode/hone/internal/db"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tools"
)

func newService(t *testing.T) (*session.Service, *sql.DB) {
	t.Helper()
	sqldb, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "hone.db"))
	if err != nil {
		t.Fatal(err)
	}
	s := session.NewService(sqldb)
	t.Cleanup(func() {
		_ = s.Close()
		_ = sqldb.Close()
	})
	return s, sqldb
}

func mustCreate(t *testing.T, s *session.Service, dir string) session.Session {
	t.Helper()
	sess, err := s.Create(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	return sess
}

func TestCreateGet(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newService(t)
	created := mustCreate(t, s, "/proj")
	if len(created.ID) != 36 || created.CreatedAt == 0 || created.UpdatedAt != created.CreatedAt {
		t.Fatalf("created = %+v", created)
	}
	got, err := s.Get(ctx, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != created.ID || got.ProjectDir != "/proj" || got.ParentSessionID != "" || got.Todos != nil {
		t.Fatalf("Get = %+v", got)
	}
	if _, err := s.Get(ctx, "missing"); !errors.Is(err, session.ErrNotFound) {
		t.Fatalf("Get missing = %v", err)
	}
}

func TestUpdates(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newService(t)
	sess := mustCreate(t, s, "/proj")
	todos := []tools.Todo{{Content: "write tests", Status: "in_progress", ActiveForm: "Writing tests"}}
	steps := []error{
		s.SetTitle(ctx, sess.ID, "Fix the parser"),
		s.SetSummary(ctx, sess.ID, "msg-1"),
		s.SetTodos(ctx, sess.ID, todos),
		s.AddUsage(ctx, sess.ID, llm.Usage{Input: 10, Output: 5, CacheRead: 3, CacheWrite: 2}, 0.5, 100),
		s.AddUsage(ctx, sess.ID, llm.Usage{Input: 1, Output: 1}, 0.25, 40),
	}
	for i, err := range steps {
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	got, err := s.Get(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Title != "Fix the parser" || got.SummaryMessageID != "msg-1" || len(got.Todos) != 1 ||
		got.Todos[0] != todos[0] || got.InputTokens != 11 || got.OutputTokens != 6 ||
		got.CacheReadTokens != 3 || got.CacheWriteTokens != 2 || got.Cost != 0.75 || got.ContextTokens != 40 {
		t.Fatalf("after updates: %+v", got)
	}
	if err := s.SetTitle(ctx, "missing", "x"); !errors.Is(err, session.ErrNotFound) {
		t.Fatalf("SetTitle missing = %v", err)
	}
}

func TestListAndLatest(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, sqldb := newService(t)
	a1 := mustCreate(t, s, "/a")
	a2 := mustCreate(t, s, "/a")
	b1 := mustCreate(t, s, "/b")
	child, err := s.CreateChild(ctx, a1.ID, "call-1", "/a", "sub task")
	if err != nil {
		t.Fatal(err)
	}
	// Distinct activity times (creation within one millisecond ties).
	for id, at := range map[string]int64{a1.ID: 500, child.ID: 400, b1.ID: 350, a2.ID: 300} {
		if _, err := sqldb.ExecContext(ctx, `UPDATE sessions SET updated_at = ? WHERE id = ?`, at, id); err != nil {
			t.Fatal(err)
		}
	}
	ids := func(list []session.Session, err error) []string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, x := range list {
			out = append(out, x.ID)
		}
		return out
	}
	tests := []struct {
		name string
		opts session.ListOptions
		want []string
	}{
		{"project", session.ListOptions{ProjectDir: "/a"}, []string{a1.ID, a2.ID}},
		{"limit", session.ListOptions{ProjectDir: "/a", Limit: 1}, []string{a1.ID}},
		{"children", session.ListOptions{ProjectDir: "/a", IncludeChildren: true}, []string{a1.ID, child.ID, a2.ID}},
		{"all", session.ListOptions{All: true}, []string{a1.ID, b1.ID, a2.ID}},
	}
	for _, tt := range tests {
		got := ids(s.List(ctx, tt.opts))
		if len(got) != len(tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
				break
			}
		}
	}
	latest, err := s.Latest(ctx, "/a")
	if err != nil || latest.ID != a1.ID {
		t.Fatalf("Latest = %v, %v; want %s", latest.ID, err, a1.ID)
	}
	// Usage is activity: a2 becomes the latest.
	if err := s.AddUsage(ctx, a2.ID, llm.Usage{Input: 1}, 0, 1); err != nil {
		t.Fatal(err)
	}
	if latest, err = s.Latest(ctx, "/a"); err != nil || latest.ID != a2.ID {
		t.Fatalf("Latest after usage = %v, %v; want %s", latest.ID, err, a2.ID)
	}
	if _, err := s.Latest(ctx, "/nowhere"); !errors.Is(err, session.ErrNotFound) {
		t.Fatalf("Latest of empty project = %v", err)
	}
	if child.ParentSessionID != a1.ID || child.ParentCallID != "call-1" || child.Title != "sub task" {
		t.Fatalf("child = %+v", child)
	}
}

func TestResolve(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newService(t)
	one := mustCreate(t, s, "/p")
	two := mustCreate(t, s, "/p")
	got, err := s.Resolve(ctx, one.ID)
	if err != nil || got.ID != one.ID {
		t.Fatalf("full id: %v, %v", got.ID, err)
	}
	// UUIDv7s made in the same minute share their first characters; the
	// random tail tells them apart.
	unique := two.ID[:len(two.ID)-4]
	if one.ID[:len(unique)] == unique {
		t.Fatalf("ids %s and %s share 32 characters", one.ID, two.ID)
	}
	got, err = s.Resolve(ctx, " "+toUpper(unique)+" ")
	if err != nil || got.ID != two.ID {
		t.Fatalf("unique prefix: %v, %v", got.ID, err)
	}
	_, err = s.Resolve(ctx, one.ID[:4])
	var amb *session.AmbiguousError
	if !errors.As(err, &amb) || len(amb.Matches) != 2 || amb.Prefix != one.ID[:4] {
		t.Fatalf("shared prefix = %v, want *AmbiguousError with 2 matches", err)
	}
	for _, in := range []string{"zzzz", "", "%", "_"} {
		if _, err := s.Resolve(ctx, in); !errors.Is(err, session.ErrNotFound) {
			t.Errorf("Resolve(%q) = %v, want ErrNotFound", in, err)
		}
	}
}

func toUpper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

func TestEvents(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, _ := newService(t)
	events := s.Subscribe(ctx)
	sess := mustCreate(t, s, "/p")
	if err := s.SetTitle(ctx, sess.ID, "t"); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, sess.ID); err != nil {
		t.Fatal(err)
	}
	want := []pubsub.EventType{pubsub.Created, pubsub.Updated, pubsub.Deleted}
	for i, w := range want {
		ev := <-events
		if ev.Type != w || ev.Payload.ID != sess.ID {
			t.Fatalf("event %d = %s %s, want %s", i, ev.Type, ev.Payload.ID, w)
		}
	}
}

func TestSetModelIsKeptWithTheSession(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newService(t)
	sess := mustCreate(t, s, "/p")
	if err := s.SetModel(ctx, sess.ID, "large", "work/big"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetModel(ctx, sess.ID, "small", "work/little"); err != nil {
		t.Fatal(err)
	}
	got, err := s.Get(ctx, sess.ID)
	if err != nil || got.LargeModel != "work/big" || got.SmallModel != "work/little" || got.UpdatedAt != sess.UpdatedAt {
		t.Fatalf("session after SetModel = %+v, %v", got, err)
	}
	if err := s.SetModel(ctx, sess.ID, "medium", "x/y"); err == nil {
		t.Error("an unknown role was accepted")
	}
}
