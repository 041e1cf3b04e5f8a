package message

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/honecode/hone/internal/pubsub"
)

// Update stores a new value of an existing message and publishes it.
//
// A StatusStreaming value is coalesced: it is held in memory (Get and List
// see it) and written by the service's single timer at most Debounce
// later, the latest value winning. Any other status is written before
// Update returns and supersedes a pending streaming value, so a late
// timer write never overwrites it. Fields other than Parts, Status, Model,
// Provider, IsSummary, FinishReason and FinishedAt are not updated;
// UpdatedAt is set to now.
func (s *Service) Update(ctx context.Context, m Message) error {
	if m.ID == "" {
		return errors.New("update message: empty id")
	}
	if m.Status != StatusStreaming {
		return s.UpdateWith(ctx, m)
	}
	m.UpdatedAt = time.Now().UnixMilli()
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return ErrClosed
	}
	s.pending[m.ID] = m
	s.arm(ctx)
	s.mu.Unlock()
	s.broker.Publish(pubsub.Updated, m)
	return nil
}

// UpdateWith is Update of a value that is written at once (any status
// but StatusStreaming) with more writes in the same transaction: the
// message and what also writes are stored together or not at all (the
// agent stores a step's final message with its usage and trace row in
// one commit).
func (s *Service) UpdateWith(ctx context.Context, m Message, also ...Also) error {
	if m.ID == "" {
		return errors.New("update message: empty id")
	}
	if m.Status == StatusStreaming {
		return fmt.Errorf("update message %s: a streaming value is coalesced, not written with other writes", m.ID)
	}
	m.UpdatedAt = time.Now().UnixMilli()
	if err := s.writeNow(ctx, m, also...); err != nil {
		return err
	}
	s.broker.Publish(pubsub.Updated, m)
	return nil
}

// Flush writes every pending streaming update now. It also reports (once)
// an error of an earlier timer write.
func (s *Service) Flush(ctx context.Context) error {
	return errors.Join(s.flush(func(context.Context) context.Context { return ctx }), s.takeBgErr())
}

// Close writes pending updates, stops the timer and ends every
// subscription. Later calls that write return ErrClosed.
func (s *Service) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.mu.Unlock()
	err := s.flush(armedCtx)
	s.broker.Close()
	return errors.Join(err, s.takeBgErr())
}

// writeNow writes a terminal value at once, dropping any pending
// streaming value of the message.
func (s *Service) writeNow(ctx context.Context, m Message, also ...Also) error {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return ErrClosed
	}
	delete(s.pending, m.ID)
	s.inflight = map[string]Message{m.ID: m}
	s.mu.Unlock()
	defer s.clearInflight()
	s.writes.Add(1)
	// The final state of a message must land even when the turn that
	// wrote it is being cancelled.
	ctx = context.WithoutCancel(ctx)
	update := func(db execer) error { return updateMessage(ctx, db, m) }
	if err := s.write(ctx, m, update, also...); err != nil {
		return fmt.Errorf("update message %s: %w", m.ID, err)
	}
	return nil
}

// arm starts the timer unless it runs; s.mu is held.
func (s *Service) arm(ctx context.Context) {
	if s.timer == nil {
		s.flushCtx = context.WithoutCancel(ctx)
		s.timer = time.AfterFunc(s.debounce, s.timerFired)
	}
}

// timerFired is the single timer's callback.
func (s *Service) timerFired() {
	if err := s.flush(armedCtx); err != nil {
		s.mu.Lock()
		if s.bgErr == nil {
			s.bgErr = err
		}
		s.mu.Unlock()
	}
}

// armedCtx picks the ctx of the update that armed the timer: a background
// flush has no caller of its own.
func armedCtx(armed context.Context) context.Context { return armed }

// flush writes the pending values in one transaction, under the ctx that
// pick returns, given the arming update's ctx. Messages deleted meanwhile
// are skipped.
func (s *Service) flush(pick func(armed context.Context) context.Context) error {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	s.mu.Lock()
	batch, armed := s.pending, s.flushCtx
	s.pending = make(map[string]Message)
	s.inflight = batch
	if s.timer != nil {
		s.timer.Stop()
		s.timer = nil
	}
	s.flushCtx = nil
	s.mu.Unlock()
	defer s.clearInflight()
	if len(batch) == 0 {
		return nil
	}
	s.writes.Add(int64(len(batch)))
	if err := updateMessages(pick(armed), s.db, batch); err != nil {
		return fmt.Errorf("write streaming messages: %w", err)
	}
	return nil
}

func (s *Service) clearInflight() {
	s.mu.Lock()
	s.inflight = make(map[string]Message)
	s.mu.Unlock()
}

func (s *Service) takeBgErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	err := s.bgErr
	s.bgErr = nil
	return err
}
