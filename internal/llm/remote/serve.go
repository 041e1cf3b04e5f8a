package remote

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"

	"github.com/honecode/hone/internal/llm"
)

// errGone: the other end of the pipe has gone.
var errGone = errors.New("remote: the other process has gone")

// Serve answers the calls read from r, writing to w, until r ends (then
// it returns nil) or ctx ends. build makes the provider of each distinct
// spec once; every HTTP request the providers make goes to the host.
func Serve(ctx context.Context, r io.Reader, w io.Writer, build BuildFunc) error {
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	s := &server{out: newWriter(w), build: build, gone: ctx.Done(),
		calls: map[uint32]context.CancelFunc{}, reqs: map[uint32]*queue{}, providers: map[string]llm.Provider{}}
	s.hc = &http.Client{Transport: &forwarder{s: s}}
	in := bufio.NewReaderSize(r, 64<<10)
	for {
		f, err := readFrame(in)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		s.dispatch(ctx, f)
	}
}

// server is the helper's side of one pipe.
type server struct {
	out   *writer
	build BuildFunc
	hc    *http.Client
	gone  <-chan struct{}

	mu        sync.Mutex
	calls     map[uint32]context.CancelFunc
	reqs      map[uint32]*queue
	nextReq   uint32
	providers map[string]llm.Provider
}

func (s *server) dispatch(ctx context.Context, f frame) {
	switch f.Type {
	case frameCall:
		ctx, cancel := context.WithCancel(withCall(ctx, f.Call))
		s.mu.Lock()
		s.calls[f.Call] = cancel
		s.mu.Unlock()
		go s.run(ctx, f.Call, f.Payload)
	case frameCancel:
		s.mu.Lock()
		cancel := s.calls[f.Call]
		s.mu.Unlock()
		if cancel != nil {
			cancel()
		}
	case frameHTTPResponse, frameHTTPBody, frameHTTPEnd:
		s.mu.Lock()
		q := s.reqs[f.Req]
		s.mu.Unlock()
		if q != nil {
			q.push(f)
		}
	}
}

// run streams one call and reports its end.
func (s *server) run(ctx context.Context, id uint32, payload []byte) {
	defer func() {
		s.mu.Lock()
		cancel := s.calls[id]
		delete(s.calls, id)
		s.mu.Unlock()
		cancel()
	}()
	err := s.stream(ctx, id, payload)
	var end []byte
	if err != nil {
		end, _ = json.Marshal(errorToWire(err))
	}
	_ = s.out.send(frameDone, id, 0, end)
}

func (s *server) stream(ctx context.Context, id uint32, payload []byte) error {
	var m callMsg
	if err := json.Unmarshal(payload, &m); err != nil {
		return &llm.Error{Kind: llm.KindBadRequest, Message: fmt.Sprintf("remote: call: %v", err)}
	}
	p, err := s.provider(m.Spec)
	if err != nil {
		return &llm.Error{Kind: llm.KindBadRequest, Provider: m.Spec.Name, Message: err.Error(), Err: err}
	}
	if m.Request == nil {
		m.Request = &llm.Request{}
	}
	for ev, err := range p.Stream(ctx, m.Request) {
		if err != nil {
			return err
		}
		if err := s.sendEvent(id, ev); err != nil {
			return nil // hone has gone; nobody reads the end
		}
	}
	return nil
}

func (s *server) sendEvent(id uint32, ev llm.Event) error {
	switch ev.Type {
	case llm.EventTextDelta:
		return s.out.send(frameText, id, 0, []byte(ev.Text))
	case llm.EventReasoningDelta:
		return s.out.send(frameReasoning, id, 0, []byte(ev.Text))
	}
	b, err := json.Marshal(toWire(ev))
	if err != nil {
		return err
	}
	return s.out.send(frameEvent, id, 0, b)
}

// provider returns the provider of spec, building it on first use.
func (s *server) provider(spec Spec) (llm.Provider, error) {
	key, err := json.Marshal(spec)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if p, ok := s.providers[string(key)]; ok {
		return p, nil
	}
	p, err := s.build(spec, s.hc)
	if err != nil {
		return nil, err
	}
	s.providers[string(key)] = p
	return p, nil
}

// callKey is the context key of the call a request belongs to.
type callKey struct{}

func withCall(ctx context.Context, id uint32) context.Context {
	return context.WithValue(ctx, callKey{}, id)
}

func callFrom(ctx context.Context) uint32 {
	id, _ := ctx.Value(callKey{}).(uint32)
	return id
}
