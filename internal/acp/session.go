package acp

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/honecode/hone/internal/session"
)

// drainTimeout bounds the wait for a turn's last updates after the turn
// returned (they are normally already queued).
const drainTimeout = 5 * time.Second

// acpSession is one open ACP session: a Hone session, its Workspace and
// the pump forwarding its events to the client.
type acpSession struct {
	id   string        // the Hone session id
	key  sdk.SessionId // the id the client uses (the id or a prefix it loaded)
	ws   *Workspace
	conn client
	log  *slog.Logger

	// promptMu runs one prompt at a time: a new prompt waits for the
	// cancelled previous one to end instead of being queued.
	promptMu sync.Mutex
	stopPump context.CancelFunc
	pumpDone chan struct{}

	mu      sync.Mutex
	turnEnd chan struct{} // closed by the pump after forwarding turn_finished
	closed  bool
}

// startSession creates a session in ws (id "") or resolves the stored one
// and starts its pump.
func startSession(ctx context.Context, a *Agent, ws *Workspace, id string) (*acpSession, error) {
	sess, err := resolveOrCreate(ctx, ws, id)
	if err != nil {
		return nil, err
	}
	key := sdk.SessionId(sess.ID)
	if id != "" {
		key = sdk.SessionId(id)
	}
	s := &acpSession{id: sess.ID, key: key, ws: ws, conn: a.conn, log: a.log, pumpDone: make(chan struct{})}
	pctx, stop := context.WithCancel(context.WithoutCancel(ctx))
	s.stopPump = stop
	p := newPump(pctx, s, sess)
	go func() {
		defer close(s.pumpDone)
		p.run(pctx)
	}()
	return s, nil
}

func resolveOrCreate(ctx context.Context, ws *Workspace, id string) (session.Session, error) {
	if id == "" {
		sess, err := ws.Sessions.Create(ctx, ws.WorkDir)
		if err != nil {
			return sess, internalError(fmt.Errorf("create session: %w", err))
		}
		return sess, nil
	}
	sess, err := ws.Sessions.Resolve(ctx, id)
	if errors.Is(err, session.ErrNotFound) {
		return sess, notFound(err.Error())
	}
	if err != nil {
		return sess, invalidParams(err.Error())
	}
	if sess.ParentSessionID != "" {
		return sess, invalidParams(fmt.Sprintf("session %s is a sub-agent's session; load its parent %s", sess.ID, sess.ParentSessionID))
	}
	return sess, nil
}

// cancel stops the running turn, if any.
func (s *acpSession) cancel() { s.ws.Agent.Cancel(s.id) }

// expectTurnEnd returns the channel the pump closes once it forwarded the
// end of the next turn.
func (s *acpSession) expectTurnEnd() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.turnEnd = make(chan struct{})
	return s.turnEnd
}

// turnEnded is called by the pump after forwarding turn_finished.
func (s *acpSession) turnEnded() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.turnEnd != nil {
		close(s.turnEnd)
		s.turnEnd = nil
	}
}

// waitTurnEnd waits until the pump forwarded the turn's last update.
func (s *acpSession) waitTurnEnd(done <-chan struct{}) {
	t := time.NewTimer(drainTimeout)
	defer t.Stop()
	select {
	case <-done:
	case <-s.pumpDone:
	case <-t.C:
		s.log.Warn("acp: the end of the turn was not forwarded in time", "session", s.id)
	}
}

// close cancels the running turn, closes the Workspace (which waits for
// the turn to save its partial work) and stops the pump.
func (s *acpSession) close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.mu.Unlock()
	s.cancel()
	err := s.ws.Close()
	s.stopPump()
	<-s.pumpDone
	return err
}

// update sends one session/update notification.
func (s *acpSession) update(ctx context.Context, u sdk.SessionUpdate) {
	if err := s.conn.SessionUpdate(ctx, sdk.SessionNotification{SessionId: s.key, Update: u}); err != nil {
		s.log.Debug("acp: session update not sent", "session", s.id, "err", err)
	}
}
