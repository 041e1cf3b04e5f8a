package permission

import (
	"context"
	"fmt"
	"sort"

	"github.com/google/uuid"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/shell"
)

// pending is a request waiting for a person's answer.
type pending struct {
	req    Request
	seq    uint64        // order of asking, for Pending
	answer chan response // buffered; Respond sends at most once
}

type response struct {
	answer   Answer
	feedback string
}

// noFrontEnd explains a denial when no one subscribed to requests.
const noFrontEnd = "no front end is listening for permission requests"

// askPerson waits for the session's turn, publishes the request and waits
// for an answer or for ctx to end.
func (s *Service) askPerson(ctx context.Context, req Request, an *shell.Analysis) error {
	st := s.session(req.SessionID)
	select {
	case st.turn <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-st.turn }()
	// An answer given while this request waited may cover it now.
	if req.Sensitive == "" && s.allowed(req, an) {
		return nil
	}
	if s.requests.SubscriberCount() == 0 {
		return s.deny(ctx, req, ByNonInteractive, noFrontEnd)
	}
	s.notify(ctx, req)
	req.ID = uuid.NewString()
	if req.Sensitive == "" {
		// A sensitive write is never covered by a grant: no session answer.
		req.SessionScope = s.Scope(req)
		req.AlwaysRule = alwaysRule(req, an, s.projectDir)
	}
	p := &pending{req: req, answer: make(chan response, 1)}
	s.mu.Lock()
	s.seq++
	p.seq = s.seq
	s.pending[req.ID] = p
	s.mu.Unlock()
	if err := s.requests.PublishWait(ctx, pubsub.Created, req); err != nil {
		return s.withdraw(ctx, p, an)
	}
	select {
	case r := <-p.answer:
		return s.apply(ctx, req, an, r)
	case <-ctx.Done():
		return s.withdraw(ctx, p, an)
	}
}

// withdraw removes a request whose context ended. If an answer won the
// race, it is applied; otherwise the withdrawal is published so front
// ends close their dialog.
func (s *Service) withdraw(ctx context.Context, p *pending, an *shell.Analysis) error {
	if !s.take(p.req.ID) {
		return s.apply(ctx, p.req, an, <-p.answer)
	}
	s.publish(ctx, Decision{Request: p.req, Answer: Deny, By: ByCancel})
	return ctx.Err()
}

// take removes a pending request and reports whether it was still there.
func (s *Service) take(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.pending[id]
	delete(s.pending, id)
	return ok
}

// apply turns a person's answer into the result of Ask.
func (s *Service) apply(ctx context.Context, req Request, an *shell.Analysis, r response) error {
	if (r.answer == AllowSession || r.answer == AllowAlways) && req.Sensitive == "" {
		s.addGrants(req.SessionID, grantsFor(req, an))
	}
	if r.answer == AllowAlways {
		s.learn(req.AlwaysRule)
	}
	s.publish(ctx, Decision{Request: req, Answer: r.answer, By: ByPerson, Feedback: r.feedback})
	if r.answer == Deny {
		return &DeniedError{Tool: req.ToolName, Feedback: r.feedback}
	}
	return nil
}

// Respond answers a pending request. Only the first answer counts; later
// ones (and answers to withdrawn requests) get ErrNotPending. feedback is
// passed to the model with a denial.
func (s *Service) Respond(requestID string, a Answer, feedback string) error {
	switch a {
	case AllowOnce, AllowSession, AllowAlways, Deny:
	default:
		return fmt.Errorf("respond to %s: %w %q", requestID, ErrInvalidAnswer, a)
	}
	s.mu.Lock()
	p, ok := s.pending[requestID]
	delete(s.pending, requestID)
	s.mu.Unlock()
	if !ok {
		return fmt.Errorf("respond to %s: %w", requestID, ErrNotPending)
	}
	p.answer <- response{answer: a, feedback: feedback}
	return nil
}

// Pending returns the requests waiting for a person in the order they
// were asked, so a front end that (re)subscribes can show them.
func (s *Service) Pending() []Request {
	s.mu.Lock()
	ps := make([]*pending, 0, len(s.pending))
	for _, p := range s.pending {
		ps = append(ps, p)
	}
	s.mu.Unlock()
	sort.Slice(ps, func(i, j int) bool { return ps[i].seq < ps[j].seq })
	out := make([]Request, len(ps))
	for i, p := range ps {
		out[i] = p.req
	}
	return out
}
