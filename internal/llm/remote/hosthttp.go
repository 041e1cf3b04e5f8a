package remote

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/honecode/hone/internal/llm"
)

// httpDoer sends HTTP requests (an *http.Client).
type httpDoer interface {
	Do(*http.Request) (*http.Response, error)
}

// forward makes a request the helper sent, on its own goroutine, with the
// client and context of the call it belongs to, and sends the response
// back in chunks.
func (c *conn) forward(f frame) {
	c.mu.Lock()
	call := c.calls[f.Call]
	ctx, hc := c.base, c.lastHC
	if call != nil {
		ctx, hc = call.ctx, call.hc
	} else if f.Call != 0 {
		// The call has ended here (canceled, or its reader stopped):
		// nothing of it goes out any more.
		c.mu.Unlock()
		go c.failRequest(f.Req, &llm.Error{Kind: llm.KindCanceled, Message: "the call has ended"}) // the reader never blocks on a write
		return
	}
	ctx, cancel := context.WithCancel(ctx)
	c.reqs[f.Req] = cancel
	c.mu.Unlock()
	go func() {
		defer func() {
			c.mu.Lock()
			delete(c.reqs, f.Req)
			c.mu.Unlock()
			cancel()
		}()
		if err := c.roundTrip(ctx, hc, f); err != nil {
			if call != nil {
				call.mu.Lock()
				call.real = err
				call.mu.Unlock()
			}
			c.failRequest(f.Req, llm.TransportError(ctx, err))
		}
	}()
}

// failRequest ends forwarded request rid with e.
func (c *conn) failRequest(rid uint32, e *llm.Error) {
	b, _ := json.Marshal(errorToWire(e))
	_ = c.out.send(frameHTTPEnd, 0, rid, b)
}

// roundTrip sends the request of frame f and relays its response. An
// error is the request's real failure; nil means the response went to
// the helper whole, or the helper is gone.
func (c *conn) roundTrip(ctx context.Context, hc httpDoer, f frame) error {
	raw, body, err := splitPrefixed(f.Payload)
	if err != nil {
		return err
	}
	var head httpHead
	if err := json.Unmarshal(raw, &head); err != nil {
		return fmt.Errorf("remote: request head: %w", err)
	}
	if hc == nil {
		return errors.New("remote: a request outside any call before the first call")
	}
	req, err := http.NewRequestWithContext(ctx, head.Method, head.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	if head.Header != nil {
		req.Header = head.Header
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	h, _ := json.Marshal(httpHead{Status: resp.StatusCode, Header: resp.Header})
	if c.out.send(frameHTTPResponse, 0, f.Req, h) != nil {
		return nil
	}
	buf := make([]byte, 64<<10)
	for {
		n, err := resp.Body.Read(buf)
		if n > 0 && c.out.send(frameHTTPBody, 0, f.Req, buf[:n]) != nil {
			return nil
		}
		if errors.Is(err, io.EOF) {
			_ = c.out.send(frameHTTPEnd, 0, f.Req)
			return nil
		}
		if err != nil {
			return err
		}
	}
}
