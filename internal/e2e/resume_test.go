package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runSession runs one prompt in a new session and returns its id.
func (e *env) runSession(prompt string) string {
	e.t.Helper()
	r := e.mustRun(0, "run", "--output-format", "json", prompt)
	var res struct {
		SessionID string `json:"session_id"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || res.SessionID == "" {
		e.t.Fatalf("run --output-format json: %v\n%s", err, r.stdout)
	}
	return res.SessionID
}

// TestRunLeavesTheLogForTheNextProcess: hone run ends without
// checkpointing SQLite's write-ahead log (no fsync at exit); the next
// process reads the whole conversation from it.
func TestRunLeavesTheLogForTheNextProcess(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{"Kept in the log."}})
	id := e.runSession("remember this")
	if fi, err := os.Stat(filepath.Join(e.data, "hone.db-wal")); err != nil || fi.Size() == 0 {
		t.Fatalf("write-ahead log after hone run: %v, %v; want the run's writes kept in it", fi, err)
	}
	doc := e.showSession(id)
	if got := doc.assistantText(); got != "Kept in the log." {
		t.Errorf("answer read by the next process = %q", got)
	}
	if got := doc.userTexts(); len(got) != 1 || got[0] != "remember this" {
		t.Errorf("prompt read by the next process = %q", got)
	}
}

func TestRunResumesSessionByPrefix(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{"First answer."}})
	first := e.runSession("first question")
	e.useFake(script{Turns: []any{"Second answer."}})
	other := e.runSession("unrelated question")

	srv := serveReplies(t, reply{text: "Back in the first session."})
	e.useServer(srv.URL())
	prefix := uniquePrefix(first, other)
	r := e.mustRun(0, "run", "-s", prefix, "follow-up")
	mustContain(t, "stdout", r.stdout, "Back in the first session.")
	req := onlyMain(t, srv)
	checkValid(t, req.Body)
	if got := req.Body.userTexts(); len(got) != 2 || got[0] != "first question" || got[1] != "follow-up" {
		t.Errorf("user messages = %q, want the first session's history", got)
	}
	if got := req.Body.textOf("assistant"); got != "First answer." {
		t.Errorf("assistant history = %q", got)
	}
	if n := len(e.sessionIDs()); n != 2 {
		t.Errorf("-s should not create a session: %d sessions", n)
	}
}

func TestAmbiguousSessionPrefixListsMatches(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{"One."}})
	a := e.runSession("one")
	e.useFake(script{Turns: []any{"Two."}})
	b := e.runSession("two")
	prefix := commonPrefix(a, b)
	if prefix == "" {
		t.Skipf("ids %s and %s share no prefix", a, b)
	}
	for _, args := range [][]string{
		{"run", "-s", prefix, "again"},
		{"-s", prefix},
		{"sessions", "show", prefix},
	} {
		r := e.hone(args...)
		if r.code != 2 {
			t.Errorf("hone %s: want exit 2, got %s", strings.Join(args, " "), r)
			continue
		}
		mustContain(t, "stderr of hone "+strings.Join(args, " "), r.stderr, a, b)
	}
	if n := len(e.sessionIDs()); n != 2 {
		t.Errorf("an ambiguous -s must not start a session: %d sessions", n)
	}
}

func TestUnknownSessionIsAUsageError(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{"One."}})
	e.runSession("one")
	for _, args := range [][]string{
		{"run", "-s", "ffffffff", "again"},
		{"-s", "ffffffff"},
		{"sessions", "show", "ffffffff"},
	} {
		r := e.hone(args...)
		if r.code != 2 {
			t.Errorf("hone %s: want exit 2 (docs/exit-codes.md), got %s", strings.Join(args, " "), r)
		}
		mustContain(t, "stderr of hone "+strings.Join(args, " "), r.stderr, "ffffffff")
	}
}

// uniquePrefix is the shortest prefix of id that other does not share,
// plus one character.
func uniquePrefix(id, other string) string {
	n := len(commonPrefix(id, other)) + 2
	return id[:min(n, len(id))]
}

func commonPrefix(a, b string) string {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return a[:n]
}
