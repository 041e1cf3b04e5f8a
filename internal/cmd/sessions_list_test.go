package cmd

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/session"
)

func TestRunSessionsList(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := newTestStore(t)
	here, elsewhere := projectDir(t), projectDir(t)
	older := seedConversation(t, st, here, "Parser bug")
	newer := seedConversation(t, st, here, "Add tests")
	other := seedConversation(t, st, elsewhere, "Other project")

	io, out, _ := testIO("")
	if err := runSessionsList(ctx, &SessionsListOptions{Cwd: here, Store: st}, io); err != nil {
		t.Fatal(err)
	}
	wantContains(t, out.String(), "ID", "TITLE", older.ID, newer.ID, "Parser bug", "Add tests", "$0.0123", "1.3k")
	if strings.Contains(out.String(), other.ID) {
		t.Errorf("list of one project shows another's session:\n%s", out)
	}

	io, out, _ = testIO("")
	if err := runSessionsList(ctx, &SessionsListOptions{All: true, Limit: 2, JSON: true, Store: st}, io); err != nil {
		t.Fatal(err)
	}
	var got []session.Session
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("--json output is not a session array: %v\n%s", err, out)
	}
	if len(got) != 2 || got[0].ID != other.ID || got[1].ID != newer.ID {
		t.Fatalf("--all --limit 2 = %+v, want the two most recent", got)
	}
}

func TestRunSessionsListEmpty(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := newTestStore(t)
	io, out, errOut := testIO("")
	if err := runSessionsList(ctx, &SessionsListOptions{Cwd: projectDir(t), Store: st}, io); err != nil {
		t.Fatal(err)
	}
	if out.Len() != 0 {
		t.Errorf("stdout = %q, want nothing", out)
	}
	wantContains(t, errOut.String(), "no sessions in", "--all")

	io, out, _ = testIO("")
	if err := runSessionsList(ctx, &SessionsListOptions{Cwd: projectDir(t), JSON: true, Store: st}, io); err != nil {
		t.Fatal(err)
	}
	if out.String() != "[]\n" {
		t.Errorf("empty --json = %q, want []", out)
	}
}
