package remote

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/honecode/hone/internal/llm"
)

// conn is one running helper.
type conn struct {
	cmd    *exec.Cmd
	stdin  io.Closer
	out    *writer
	stderr *tail
	// base is the context of requests that belong to no call (a
	// credential refresh); it ends with the conn.
	base   context.Context
	stop   context.CancelFunc
	dead   chan struct{} // closed when the helper's stdout ended
	reaped chan struct{} // closed when the helper has been waited for

	mu       sync.Mutex
	err      error // why the helper ended
	calls    map[uint32]*hostCall
	reqs     map[uint32]context.CancelFunc
	nextCall uint32
	// lastHC is the client of the latest call, for requests of no call.
	lastHC httpDoer
}

// hostCall is one call's state in hone.
type hostCall struct {
	id  uint32
	ctx context.Context
	hc  httpDoer
	q   *queue

	mu   sync.Mutex
	real error // the last forwarded request's real error
}

func (c *hostCall) realErr() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.real
}

// startConn starts the helper argv.
func startConn(argv []string) (*conn, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	setDeathSignal(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", argv[0], err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", argv[0], err)
	}
	c := &conn{cmd: cmd, stdin: stdin, out: newWriter(stdin), stderr: &tail{max: 4 << 10},
		dead: make(chan struct{}), reaped: make(chan struct{}),
		calls: map[uint32]*hostCall{}, reqs: map[uint32]context.CancelFunc{}}
	cmd.Stderr = c.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", argv[0], err)
	}
	c.base, c.stop = context.WithCancel(context.Background())
	go c.read(bufio.NewReaderSize(stdout, 64<<10))
	return c, nil
}

// read dispatches the helper's frames until its stdout ends, then reaps
// it.
func (c *conn) read(in *bufio.Reader) {
	var err error
	for {
		var f frame
		if f, err = readFrame(in); err != nil {
			break
		}
		c.dispatch(f)
	}
	c.mu.Lock()
	c.err = err
	reqs := make([]context.CancelFunc, 0, len(c.reqs))
	for _, cancel := range c.reqs {
		reqs = append(reqs, cancel)
	}
	c.mu.Unlock()
	close(c.dead)
	c.stop()
	for _, cancel := range reqs {
		cancel() // nobody reads their answers
	}
	werr := c.cmd.Wait()
	c.mu.Lock()
	if werr != nil || errors.Is(c.err, io.EOF) {
		c.err = werr
	}
	c.mu.Unlock()
	close(c.reaped)
}

func (c *conn) dispatch(f frame) {
	switch f.Type {
	case frameEvent, frameText, frameReasoning, frameDone:
		c.mu.Lock()
		call := c.calls[f.Call]
		c.mu.Unlock()
		if call != nil {
			call.q.push(f)
		}
	case frameHTTPRequest:
		c.forward(f)
	case frameHTTPCancel:
		c.mu.Lock()
		cancel := c.reqs[f.Req]
		c.mu.Unlock()
		if cancel != nil {
			cancel()
		}
	}
}

func (c *conn) isDead() bool {
	select {
	case <-c.dead:
		return true
	default:
		return false
	}
}

// goneError says that the helper ended, with the end of what it wrote to
// stderr. A retry starts a new one.
func (c *conn) goneError() *llm.Error {
	<-c.dead
	select {
	case <-c.reaped:
	case <-time.After(time.Second):
	}
	c.mu.Lock()
	cause := c.err
	c.mu.Unlock()
	msg := c.cmd.Path + " ended"
	if cause != nil {
		msg += " (" + cause.Error() + ")"
	}
	if s := c.stderr.String(); s != "" {
		msg += ": " + s
	}
	return &llm.Error{Kind: llm.KindServer, Message: msg}
}

// begin registers a call.
func (c *conn) begin(ctx context.Context, hc httpDoer) *hostCall {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.nextCall++
	call := &hostCall{id: c.nextCall, ctx: ctx, hc: hc, q: newQueue()}
	c.calls[call.id] = call
	c.lastHC = hc
	return call
}

// end forgets a call.
func (c *conn) end(call *hostCall) {
	c.mu.Lock()
	delete(c.calls, call.id)
	c.mu.Unlock()
}

// cancel tells the helper to stop a call nobody reads any more.
func (c *conn) cancel(call *hostCall) {
	_ = c.out.send(frameCancel, call.id, 0)
}

// close closes the helper's stdin, which ends it, and kills it when it
// has not ended within wait.
func (c *conn) close(wait time.Duration) error {
	_ = c.stdin.Close()
	select {
	case <-c.reaped:
		return nil
	case <-time.After(wait):
	}
	_ = c.cmd.Process.Kill()
	<-c.reaped
	return nil
}

// tail keeps the last max bytes written to it, as one line.
type tail struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append(t.b[:0], t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(strings.Fields(string(t.b)), " ")
}
