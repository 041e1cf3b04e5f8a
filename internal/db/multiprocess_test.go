package db_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/honecode/hone/internal/db"
	"github.com/honecode/hone/internal/history"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tools"
)

// Environment of a writer child process.
const (
	writerDBEnv = "HONE_TEST_WRITER_DB"
	writerIDEnv = "HONE_TEST_WRITER_ID"
)

const (
	writerIterations  = 300
	sessionsEvery     = 20 // a new session every this many iterations
	streamingPerTurns = 5
)

// TestTwoProcessWriters runs two real processes (this test binary again)
// that open one fresh database at the same moment and write to it
// concurrently: sessions, streamed messages, usage, file versions and
// turns. Neither may see SQLITE_BUSY or any other error.
func TestTwoProcessWriters(t *testing.T) {
	if path := os.Getenv(writerDBEnv); path != "" {
		runWriter(t, path, os.Getenv(writerIDEnv))
		return
	}
	if testing.Short() {
		t.Skip("spawns processes")
	}
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "hone.db")
	var cmds []*exec.Cmd
	outs := make([]*strings.Builder, 2)
	for i := range 2 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestTwoProcessWriters$", "-test.count=1")
		cmd.Env = append(os.Environ(), writerDBEnv+"="+path, fmt.Sprintf("%s=%d", writerIDEnv, i))
		outs[i] = &strings.Builder{}
		cmd.Stdout, cmd.Stderr = outs[i], outs[i]
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("writer %d: %v\n%s", i, err, outs[i].String())
		}
	}
	if t.Failed() {
		return
	}
	checkWriterResults(t, path)
}

func checkWriterResults(t *testing.T, path string) {
	ctx := context.Background()
	sqldb := mustOpen(t, path)
	defer sqldb.Close()
	for q, want := range map[string]int{
		`SELECT count(*) FROM sessions`:                       2 * writerIterations / sessionsEvery,
		`SELECT count(*) FROM messages WHERE status = 'done'`: 2 * writerIterations,
		`SELECT count(*) FROM turns`:                          2 * writerIterations,
		`SELECT count(*) FROM file_versions`:                  2 * (writerIterations + writerIterations/sessionsEvery),
	} {
		var n int
		if err := sqldb.QueryRowContext(ctx, q).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != want {
			t.Errorf("%s = %d, want %d", q, n, want)
		}
	}
}

// runWriter is the child: it waits for its sibling, then writes.
func runWriter(t *testing.T, path, id string) {
	ctx := context.Background()
	sqldb, err := db.Open(ctx, path)
	if err != nil {
		t.Fatalf("writer %s: open: %v", id, err)
	}
	defer sqldb.Close()
	awaitSibling(t, path, id)
	sessions := session.NewService(sqldb)
	msgs := message.NewService(sqldb, message.Options{Debounce: time.Millisecond})
	files := history.NewService(sqldb)
	var sess session.Session
	for i := range writerIterations {
		if i%sessionsEvery == 0 {
			if sess, err = sessions.Create(ctx, "/project/"+id); err != nil {
				t.Fatalf("writer %s: create session: %v", id, err)
			}
		}
		if err := writeTurn(ctx, sessions, msgs, files, sess.ID, i); err != nil {
			t.Fatalf("writer %s, iteration %d: %v", id, i, err)
		}
	}
	if err := msgs.Close(); err != nil {
		t.Fatalf("writer %s: close messages: %v", id, err)
	}
}

// awaitSibling is a two-process barrier on marker files.
func awaitSibling(t *testing.T, path, id string) {
	if err := os.WriteFile(path+".ready-"+id, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	other := "1"
	if id == "1" {
		other = "0"
	}
	deadline := time.Now().Add(time.Minute)
	for {
		if _, err := os.Stat(path + ".ready-" + other); err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("writer %s: sibling never started", id)
		}
		time.Sleep(time.Millisecond)
	}
}

// writeTurn writes what one model step writes: a streamed assistant
// message, its terminal state, usage, a file change and a turn record.
func writeTurn(ctx context.Context, sessions *session.Service, msgs *message.Service,
	files *history.Service, sessionID string, i int) error {
	m, err := msgs.Create(ctx, message.Message{SessionID: sessionID, Role: llm.RoleAssistant, Status: message.StatusStreaming})
	if err != nil {
		return err
	}
	var text strings.Builder
	for range streamingPerTurns {
		text.WriteString("token ")
		m.Parts = []llm.Part{llm.Text(text.String())}
		if err := msgs.Update(ctx, m); err != nil {
			return err
		}
		time.Sleep(200 * time.Microsecond)
	}
	m.Status = message.StatusDone
	if err := msgs.Update(ctx, m); err != nil {
		return err
	}
	if err := sessions.AddUsage(ctx, sessionID, llm.Usage{Input: 10, Output: 5}, 0.001, 15); err != nil {
		return err
	}
	err = files.SaveChange(ctx, tools.FileChange{SessionID: sessionID, MessageID: m.ID,
		Path: "/project/file.go", Before: []byte(fmt.Sprint(i - 1)), After: []byte(fmt.Sprint(i))})
	if err != nil {
		return err
	}
	_, err = sessions.AddTurn(ctx, session.Turn{SessionID: sessionID, MessageID: m.ID, Provider: "p", Model: "m"})
	return err
}
