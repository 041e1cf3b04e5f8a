package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/honecode/hone/internal/procgroup"
)

// call sends a request and decodes its result into result (nil: ignore
// it), within the spec's timeout. A server that does not answer in time
// is taken for hung: it is reported and killed, so it never holds a tool
// up twice. ctx ending first just abandons the request.
func (c *client) call(ctx context.Context, method string, params, result any) error {
	return c.within(ctx, method, func(ctx context.Context) error {
		var raw json.RawMessage
		if err := c.conn.Call(ctx, method, params, &raw); err != nil {
			return err
		}
		if result == nil || len(raw) == 0 {
			return nil
		}
		return json.Unmarshal(raw, result)
	})
}

// notify sends a notification within the spec's timeout (a server that
// stopped reading its input would otherwise block the write forever).
func (c *client) notify(ctx context.Context, method string, params any) error {
	return c.within(ctx, method, func(ctx context.Context) error {
		return c.conn.Notify(ctx, method, params)
	})
}

// within runs f under the spec's timeout in its own goroutine, so that a
// write blocked on a hung server cannot block the caller.
func (c *client) within(ctx context.Context, method string, f func(context.Context) error) error {
	tctx, cancel := context.WithTimeout(ctx, c.spec.timeout)
	defer cancel()
	errc := make(chan error, 1)
	go func() { errc <- f(tctx) }()
	select {
	case err := <-errc:
		if err != nil && ctx.Err() == nil && tctx.Err() != nil {
			c.hung(method)
		}
		return err
	case <-tctx.Done():
		if ctx.Err() != nil {
			return ctx.Err()
		}
		c.hung(method)
		return fmt.Errorf("%s: no answer within %s", method, c.spec.timeout)
	}
}

// hung reports a server that did not answer in time and kills it.
func (c *client) hung(method string) {
	c.gone(fmt.Sprintf("not responding: %s took longer than %s", method, c.spec.timeout))
}

// pipes joins the process's stdout and stdin into the stream jsonrpc2
// reads and writes; closing it closes stdin, which tells the server to exit.
type pipes struct{ p *procgroup.Process }

// Read reads the server's stdout.
func (s pipes) Read(b []byte) (int, error) { return s.p.Stdout.Read(b) }

// Write writes to the server's stdin.
func (s pipes) Write(b []byte) (int, error) { return s.p.Stdin.Write(b) }

// Close closes the server's stdin.
func (s pipes) Close() error { return s.p.Stdin.Close() }

// rpcLogger sends jsonrpc2's own messages to the debug log rather than
// to stderr, which the TUI owns.
type rpcLogger struct{ l *slog.Logger }

// Printf logs at debug level.
func (r rpcLogger) Printf(format string, v ...any) { r.l.Debug(fmt.Sprintf(format, v...)) }
