package agent

import (
	"strings"

	"github.com/honecode/hone/internal/llm"
)

// textSink collects the text of a side request (title, summary).
type textSink struct{ acc *accumulator }

func newTextSink() *textSink { return &textSink{acc: newAccumulator(nil)} }

func (s *textSink) prepare(Candidate)  {}
func (s *textSink) event(ev llm.Event) { s.acc.apply(ev) }
func (s *textSink) reset()             { s.acc.reset() }

// text is the collected text, trimmed.
func (s *textSink) text() string {
	return strings.TrimSpace(llm.Message{Parts: s.acc.final(true)}.Text())
}

// sideRequest is a request without tools: the replay harness and the fake
// model tell side requests from main ones by that. maxTokens caps the
// candidate's own limit.
func sideRequest(c Candidate, system string, user string, maxTokens int) *llm.Request {
	req := buildRequest(c, []string{strings.TrimSpace(system)}, []llm.Message{{Role: llm.RoleUser, Parts: []llm.Part{llm.Text(user)}}}, nil)
	if req.MaxTokens == 0 || req.MaxTokens > maxTokens {
		req.MaxTokens = maxTokens
	}
	return req
}
