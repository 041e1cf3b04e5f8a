package cmd

import (
	"context"
	"errors"
	"testing"

	"github.com/honecode/hone/internal/session"
)

func TestRunSessionsRm(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		yes      bool
		pipe     bool
		stdin    string
		deleted  bool
		wantCode int
	}{
		{name: "yes flag", yes: true, pipe: true, deleted: true},
		{name: "confirmed", stdin: "y\n", deleted: true},
		{name: "confirmed in full", stdin: " YES \n", deleted: true},
		{name: "declined", stdin: "n\n", wantCode: ExitError},
		{name: "no answer", stdin: "", wantCode: ExitError},
		{name: "piped stdin needs --yes", pipe: true, stdin: "y\n", wantCode: ExitUsage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			st := newTestStore(t)
			s := seedConversation(t, st, projectDir(t), "doomed")
			io, _, errOut := testIO(tt.stdin)
			io.StdinIsPipe = tt.pipe
			err := runSessionsRm(ctx, &SessionsRmOptions{ID: s.ID[:30], Yes: tt.yes, Store: st}, io)
			if code := exitCode(err); code != tt.wantCode {
				t.Fatalf("exit %d (%v), want %d", code, err, tt.wantCode)
			}
			_, gerr := st.Sessions.Get(ctx, s.ID)
			if gone := errors.Is(gerr, session.ErrNotFound); gone != tt.deleted {
				t.Fatalf("deleted = %v, want %v (stderr %q)", gone, tt.deleted, errOut)
			}
			if !tt.yes && !tt.pipe {
				wantContains(t, errOut.String(), "Delete session "+s.ID, `"doomed"`, "[y/N]")
			}
			if tt.deleted {
				msgs, err := st.Messages.List(ctx, s.ID)
				if err != nil || len(msgs) != 0 {
					t.Fatalf("messages left after rm: %d, %v", len(msgs), err)
				}
			}
		})
	}
}

func TestRunSessionsRename(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := newTestStore(t)
	s := seedConversation(t, st, projectDir(t), "old")
	io, _, errOut := testIO("")
	if err := runSessionsRename(ctx, &SessionsRenameOptions{ID: s.ID, Title: "New title", Store: st}, io); err != nil {
		t.Fatal(err)
	}
	got, err := st.Sessions.Get(ctx, s.ID)
	if err != nil || got.Title != "New title" {
		t.Fatalf("title = %q, %v", got.Title, err)
	}
	if got.UpdatedAt != s.UpdatedAt {
		t.Errorf("renaming moved the session in the recent list")
	}
	wantContains(t, errOut.String(), "renamed session "+s.ID, `"New title"`)
}
