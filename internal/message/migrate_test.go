package message

import (
	"context"
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/db"
	"github.com/honecode/hone/internal/llm"
)

// oldRows are tool messages as builds before migration 00005 stored
// them: every display body written out in full.
func oldRows() []Message {
	out := strings.Repeat("PASS <ok> & \"fine\" é ✓\n", 10)
	return []Message{
		{ID: "same", Role: llm.RoleTool, Parts: []llm.Part{resultWith(out, out), llm.Text("x")}},
		{ID: "prefix", Role: llm.RoleTool, Parts: []llm.Part{resultWith(out+"\nexit 1", out)}},
		{ID: "other", Role: llm.RoleTool, Parts: []llm.Part{resultWith(out, "something else entirely")}},
		{ID: "text", Role: llm.RoleUser, Parts: []llm.Part{llm.Text(out)}},
	}
}

// Migration 00005 shares the bodies of an old database's tool results;
// every message reads back as it was, and its Down writes them out again.
func TestMigrationSharesOldBodies(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "hone.db")
	sqldb := openAt(t, path)
	exec(t, sqldb, `INSERT INTO sessions (id, project_dir, created_at, updated_at) VALUES ('s1', '/p', 1, 1)`)
	for i, m := range oldRows() {
		raw, _ := json.Marshal(m.Parts) // the old encoding: no sharing
		exec(t, sqldb, `INSERT INTO messages (id, session_id, role, parts, status, created_at, updated_at)
			VALUES (?, 's1', ?, ?, 'done', ?, ?)`, m.ID, string(m.Role), string(raw), i+1, i+1)
	}
	exec(t, sqldb, `DELETE FROM `+db.VersionTable+` WHERE version_id >= 5`) // 00005 and later run again
	sqldb.Close()

	sqldb = openAt(t, path) // runs 00005 again, over the old rows
	if raw := rawParts(t, sqldb, "same"); !strings.Contains(raw, `"body@text":true`) || strings.Contains(raw, `"body":`) {
		t.Errorf("same: not shared after the migration: %s", raw)
	}
	if raw := rawParts(t, sqldb, "other"); strings.Contains(raw, refKey) {
		t.Errorf("other: shared a body that is not the text: %s", raw)
	}
	s := NewService(sqldb, Options{})
	defer s.Close()
	checkSame(t, s, oldRows())

	down := migrationDown(t)
	exec(t, sqldb, down)
	for _, id := range []string{"same", "prefix"} {
		if raw := rawParts(t, sqldb, id); strings.Contains(raw, refKey) {
			t.Errorf("%s: still shared after Down: %s", id, raw)
		}
	}
	checkSame(t, s, oldRows())

	// A range written by this build is written out by Down too.
	m := oldRows()[1]
	m.ID, m.SessionID = "prefix-new", "s1"
	if _, err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	if raw := rawParts(t, sqldb, m.ID); !strings.Contains(raw, `"body@text":[0,`) {
		t.Fatalf("prefix not stored as a range: %s", raw)
	}
	exec(t, sqldb, down)
	checkSame(t, s, []Message{m})
}

// checkSame reads every message of want back and compares its parts,
// displays decoded (key order may differ after the migration).
func checkSame(t *testing.T, s *Service, want []Message) {
	t.Helper()
	for _, w := range want {
		got, err := s.Get(t.Context(), w.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Parts) != len(w.Parts) {
			t.Fatalf("%s: %d parts, want %d", w.ID, len(got.Parts), len(w.Parts))
		}
		for i := range w.Parts {
			g, x := got.Parts[i], w.Parts[i]
			if !reflect.DeepEqual(decoded(g.Meta), decoded(x.Meta)) {
				t.Errorf("%s part %d: meta %s, want %s", w.ID, i, g.Meta, x.Meta)
			}
			g.Meta, x.Meta = nil, nil
			if !reflect.DeepEqual(g, x) {
				t.Errorf("%s part %d: %+v, want %+v", w.ID, i, g, x)
			}
		}
	}
}

func decoded(raw json.RawMessage) map[string]any {
	if len(raw) == 0 {
		return nil
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return map[string]any{"invalid": string(raw)}
	}
	return m
}

// migrationDown returns the Down half of migration 00005.
func migrationDown(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../db/migrations/00005_tool_result_body_once.sql")
	if err != nil {
		t.Fatal(err)
	}
	_, down, ok := strings.Cut(string(b), "-- +goose Down")
	if !ok {
		t.Fatal("no Down section")
	}
	return down
}

func openAt(t *testing.T, path string) *sql.DB {
	t.Helper()
	sqldb, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sqldb.Close() })
	return sqldb
}

func exec(t *testing.T, sqldb *sql.DB, q string, args ...any) {
	t.Helper()
	if _, err := sqldb.ExecContext(t.Context(), q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func rawParts(t *testing.T, sqldb *sql.DB, id string) string {
	t.Helper()
	var raw string
	if err := sqldb.QueryRowContext(t.Context(), `SELECT parts FROM messages WHERE id = ?`, id).Scan(&raw); err != nil {
		t.Fatal(err)
	}
	return raw
}
