package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/honecode/hone/internal/mcpauth"
)

// ErrCallTimeout is returned when a tool call outlives its server's
// call_timeout.
var ErrCallTimeout = errors.New("tool call timed out")

// maxRestartWait is the longest a call waits for a restart's backoff;
// beyond it the call fails at once and says when to retry.
const maxRestartWait = 5 * time.Second

// backoff spaces out restarts of a server that keeps exiting: the first
// restart after an exit is immediate, the next ones wait 1 s, 2 s, 4 s …
// up to 30 s; a server that stayed up for a minute starts over.
type backoff struct {
	failures int
	next     time.Time // earliest restart
}

func (b *backoff) lost(uptime time.Duration) {
	if uptime >= time.Minute {
		b.failures = 0
	}
	var delay time.Duration
	if b.failures > 0 {
		delay = min(time.Second<<(b.failures-1), 30*time.Second)
	}
	b.failures++
	b.next = time.Now().Add(delay)
}

// call runs one tool call on the server, restarting it first if it went
// away, within the server's call timeout and ctx.
func (s *server) call(ctx context.Context, remote string, args json.RawMessage) (*mcp.CallToolResult, error) {
	c, err := s.ensure(ctx)
	if err != nil {
		return nil, err
	}
	callCtx, cancel := context.WithTimeout(ctx, s.callTimeout)
	defer cancel()
	req := mcp.CallToolRequest{}
	req.Params.Name = remote
	if len(args) > 0 && string(args) != "null" {
		req.Params.Arguments = args
	}
	res, err := c.client.CallTool(callCtx, req)
	switch {
	case err == nil:
		s.loggedIn()
		return res, nil
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case callCtx.Err() != nil:
		return nil, fmt.Errorf("%w after %s (the server's call_timeout)", ErrCallTimeout, s.callTimeout)
	case errors.Is(err, mcpauth.ErrNeedsLogin):
		s.setState(StateNeedsLogin, loginReason(err))
		return nil, fmt.Errorf("server %s: %s", s.name, loginReason(err))
	case c.gone(err):
		reason := c.explain(err).Error()
		s.lost(c, reason)
		return nil, fmt.Errorf("server %s went away (%s); the next call restarts it", s.name, reason)
	}
	return nil, err
}

// gone reports whether err means the connection is unusable (rather than
// the server rejecting this one request).
func (c *conn) gone(err error) bool {
	if c.proc != nil && c.proc.Exited() {
		return true
	}
	var te *transport.Error
	return errors.As(err, &te) || errors.Is(err, transport.ErrTransportClosed)
}

// current returns the live connection, or nil when there is none (a stdio
// process that exited is reported here if its watcher has not yet).
func (s *server) current() *conn {
	s.mu.Lock()
	c := s.conn
	s.mu.Unlock()
	if c != nil && c.proc != nil && c.proc.Exited() {
		s.lost(c, c.proc.ExitReason())
		return nil
	}
	return c
}

// ensure returns a live connection, restarting the server (after its
// backoff) when it went away.
func (s *server) ensure(ctx context.Context) (*conn, error) {
	if c := s.current(); c != nil {
		return c, nil
	}
	select {
	case s.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-s.sem }()
	if c := s.current(); c != nil {
		return c, nil
	}
	life, err := s.m.lifetime()
	if err != nil {
		return nil, err
	}
	if err := s.waitRestart(ctx); err != nil {
		return nil, err
	}
	s.setState(StateStarting, "")
	c, list, err := s.connect(life)
	if err != nil {
		s.fail(err)
		return nil, fmt.Errorf("restart server %s: %w", s.name, err)
	}
	s.install(life, c, list)
	if s.current() != c {
		return nil, ErrClosed
	}
	return c, nil
}

// waitRestart waits out the restart backoff, or fails when it is longer
// than a call should wait.
func (s *server) waitRestart(ctx context.Context) error {
	s.mu.Lock()
	wait := time.Until(s.backoff.next)
	s.mu.Unlock()
	if wait <= 0 {
		return nil
	}
	if wait > maxRestartWait {
		return fmt.Errorf("server %s keeps exiting; it will be restarted in %s, try again then",
			s.name, wait.Round(time.Second))
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// refresh re-lists the tools of c after a tools/list_changed notification.
func (s *server) refresh(life context.Context, c *conn) {
	select {
	case <-c.installed:
	case <-c.closed:
		return
	case <-life.Done():
		return
	}
	s.refreshMu.Lock()
	defer s.refreshMu.Unlock()
	ctx, cancel := context.WithTimeout(life, s.callTimeout)
	defer cancel()
	list, err := c.listTools(ctx)
	if err != nil {
		s.m.log().Warn("mcp refresh tools", "server", s.name, "err", err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conn == c && !s.closed {
		s.applyToolsLocked(list)
	}
}

// loggedIn marks a server that needed login connected again once a call
// went through (the user logged in from another process).
func (s *server) loggedIn() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.status.State == StateNeedsLogin && s.conn != nil {
		s.setStateLocked(StateConnected, "")
	}
}
