package e2e

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
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/session/sessiongen"
)

// A database written before tool-result bodies were shared (migration
// 00005) is migrated when the binary opens it: `sessions show` still
// prints every message as it was (the text transcript from the rows read
// whole, as their outlines were dropped when the rows were rewritten, is
// the one the outlines printed), and `run -s` resumes from the latest
// summary with every tool result after it.
func TestOldDatabaseMigratedShowsAndResumes(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	srv := newChatServer(t, func(int, *chatRequest) reply { return reply{text: "ok"} })
	e.useConfig(withoutTitles(serverConfig(srv.URL())))
	gen := largeSession(t, e, sessiongen.Spec{Messages: 600, SummaryEvery: 30_000})
	if gen.Summaries == 0 {
		t.Fatal("no summary generated")
	}
	want := exportOf(t, e.mustRun(0, "sessions", "show", "--json", gen.SessionID).stdout)
	wantText := e.mustRun(0, "sessions", "show", gen.SessionID).stdout // from the outlines

	unshare(t, filepath.Join(e.data, db.FileName)) // rewrites the rows: their outlines are dropped
	got := exportOf(t, e.mustRun(0, "sessions", "show", "--json", gen.SessionID).stdout)
	if text := e.mustRun(0, "sessions", "show", gen.SessionID).stdout; text != wantText {
		t.Errorf("sessions show from the rows read whole differs from the outlines' (%d and %d bytes)", len(text), len(wantText))
	}
	if len(got.Messages) != len(want.Messages) {
		t.Fatalf("%d messages after the migration, want %d", len(got.Messages), len(want.Messages))
	}
	for i := range want.Messages {
		if a, b := normalized(got.Messages[i]), normalized(want.Messages[i]); !reflect.DeepEqual(a, b) {
			t.Fatalf("message %d differs after the migration:\n%v\nwant\n%v", i, a, b)
		}
	}
	if n := sharedRows(t, filepath.Join(e.data, db.FileName)); n == 0 {
		t.Error("the migration shared no body")
	}

	e.mustRun(0, "run", "-s", gen.SessionID, "go on")
	req := <-srv.arrived
	msgs := req.Body.Messages
	if len(msgs) < 2 || !strings.Contains(string(msgs[1].Content), "Summary up to exchange") {
		t.Fatalf("request does not start at the summary: %d messages", len(msgs))
	}
	results, since := 0, false
	for _, m := range want.Messages {
		since = since || m.ID == gen.SummaryID
		if since && m.Role == "tool" {
			results += len(m.Parts)
		}
	}
	sent := 0
	for _, m := range msgs {
		if m.Role == "tool" {
			sent++
		}
	}
	if sent != results || results == 0 {
		t.Errorf("%d tool results sent, %d stored since the summary", sent, results)
	}
}

func exportOf(t *testing.T, out string) session.Export {
	t.Helper()
	doc, err := session.DecodeExport(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// normalized is a message as generic JSON values: a display whose keys
// the migration reordered compares equal.
func normalized(m any) any {
	b, _ := json.Marshal(m)
	var v any
	_ = json.Unmarshal(b, &v)
	return v
}

// unshare turns the database into what builds before migration 00005
// wrote: its Down section writes every body out, and the migration is
// marked as not applied.
func unshare(t *testing.T, path string) {
	t.Helper()
	src, err := os.ReadFile("../db/migrations/00005_tool_result_body_once.sql")
	if err != nil {
		t.Fatal(err)
	}
	_, down, _ := strings.Cut(string(src), "-- +goose Down")
	sqldb, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer sqldb.Close()
	// 00005 and the migrations after it run again (they are idempotent).
	for _, q := range []string{down, `DELETE FROM ` + db.VersionTable + ` WHERE version_id >= 5`} {
		if _, err := sqldb.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	if n := sharedRowsIn(t, sqldb); n != 0 {
		t.Fatalf("%d rows still shared", n)
	}
}

func sharedRows(t *testing.T, path string) int {
	t.Helper()
	sqldb, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer sqldb.Close()
	return sharedRowsIn(t, sqldb)
}

func sharedRowsIn(t *testing.T, sqldb *sql.DB) int {
	t.Helper()
	var n int
	err := sqldb.QueryRow(`SELECT count(*) FROM messages WHERE parts LIKE '%"body@text":%'`).Scan(&n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
