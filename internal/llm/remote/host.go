package remote

import (
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/honecode/hone/internal/llm"
)

// Host runs providers in a helper process, started on the first call (or
// by Start) and again on the next call after it exits. It is safe for
// concurrent use.
type Host struct {
	argv    []string
	missing error

	mu     sync.Mutex
	conn   *conn
	closed bool
}

// NewHost returns a Host whose helper is the command line argv (which
// must make the helper run Serve on its stdin and stdout). With no argv,
// every call fails with missing, which says how to install the helper.
func NewHost(argv []string, missing error) *Host {
	return &Host{argv: argv, missing: missing}
}

// Provider returns the provider of spec. Its HTTP requests are made by
// hc, in this process, with the call's context.
func (h *Host) Provider(spec Spec, hc *http.Client) llm.Provider {
	return &provider{h: h, spec: spec, hc: hc}
}

// Start starts the helper if it is not running, so that it initializes
// while the caller does other work. A failure is reported by the calls.
func (h *Host) Start() {
	_, _ = h.live()
}

// live returns the running helper, starting one if there is none.
func (h *Host) live() (*conn, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, errors.New("remote: host closed")
	}
	if h.conn != nil && !h.conn.isDead() {
		return h.conn, nil
	}
	if len(h.argv) == 0 {
		return nil, h.missing
	}
	c, err := startConn(h.argv)
	if err != nil {
		return nil, err
	}
	h.conn = c
	return c, nil
}

// Close ends the helper: its stdin closes, which ends it, and Close
// waits up to two seconds for it before killing it.
func (h *Host) Close() error {
	h.mu.Lock()
	c := h.conn
	h.closed, h.conn = true, nil
	h.mu.Unlock()
	if c == nil {
		return nil
	}
	return c.close(2 * time.Second)
}
