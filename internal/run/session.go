package run

import (
	"context"
	"fmt"

	"github.com/honecode/hone/internal/session"
)

// pickSession resolves -s, continues with -C or creates a session. note is
// a remark for the user (continuing found nothing).
func pickSession(ctx context.Context, s Sessions, opts Options) (sess session.Session, note string, err error) {
	switch {
	case opts.SessionID != "":
		sess, err = s.Resolve(ctx, opts.SessionID)
		if err != nil {
			return sess, "", fmt.Errorf("session %q: %w", opts.SessionID, err)
		}
		return sess, "", nil
	case opts.Continue:
		sess, err = s.Latest(ctx, opts.ProjectDir)
		if err == nil {
			return sess, "", nil
		}
		note = "no earlier session in " + opts.ProjectDir + "; starting a new one"
	}
	sess, err = s.Create(ctx, opts.ProjectDir)
	if err != nil {
		return sess, "", fmt.Errorf("create session: %w", err)
	}
	return sess, note, nil
}
