package llmtest

import (
	"context"
	"sync"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

func (s suite) text(t *testing.T, fixture Response) {
	srv := NewServer(t, fixture)
	r := s.collect(t, s.provider(t, srv), SimpleRequest(s.h.Model, "Say hello."))
	mustFinish(t, r, llm.FinishStop)
	if got := r.Text(); got != TextAnswer {
		t.Errorf("text %q, want %q", got, TextAnswer)
	}
	if n := r.Count(llm.EventTextDelta); n < 2 {
		t.Errorf("%d text deltas, want the answer streamed in at least 2", n)
	}
	if n := r.Count(llm.EventToolCallStart); n != 0 {
		t.Errorf("%d tool calls in a text answer", n)
	}
}

func (s suite) usage(t *testing.T) {
	srv := NewServer(t, s.h.Usage)
	r := s.collect(t, s.provider(t, srv), SimpleRequest(s.h.Model, "Count tokens."))
	if r.Err != nil {
		t.Fatalf("stream error: %v", r.Err)
	}
	if err := Validate(r.Events, true); err != nil {
		t.Fatalf("malformed stream: %v\nevents: %s", err, dump(r.Events))
	}
	u, ok := r.Usage()
	if !ok {
		t.Fatal("no usage event")
	}
	if u != s.h.WantUsage {
		t.Errorf("usage %+v, want %+v", u, s.h.WantUsage)
	}
}

// concurrent runs independent calls on one provider at once; under -race
// this catches state shared between calls.
func (s suite) concurrent(t *testing.T) {
	const n = 4
	fixtures := make([]Response, n)
	for i := range fixtures {
		fixtures[i] = s.h.Text
	}
	srv := NewServer(t, fixtures...)
	p := s.provider(t, srv)
	results := make([]Result, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { results[i] = s.collect(t, p, SimpleRequest(s.h.Model, "Say hello.")) })
	}
	wg.Wait()
	for _, r := range results {
		mustFinish(t, r, llm.FinishStop)
		if r.Text() != TextAnswer {
			t.Errorf("text %q, want %q", r.Text(), TextAnswer)
		}
	}
}

// sentBeforeAnswer: the function llm.WhenSent attaches runs once the
// adapter's request is written, while the server still holds its answer
// (the agent stores the last tool results then).
func (s suite) sentBeforeAnswer(t *testing.T) {
	sent := make(chan struct{})
	var once sync.Once
	resp := s.h.Text
	resp.Hold = sent
	srv := NewServer(t, resp)
	p := s.provider(t, srv)
	ctx, cancel := context.WithTimeout(llm.WhenSent(t.Context(), func() { once.Do(func() { close(sent) }) }), liveness)
	defer cancel()
	r := Collect(ctx, p, SimpleRequest(s.h.Model, "Say hello."))
	mustFinish(t, r, llm.FinishStop)
}
