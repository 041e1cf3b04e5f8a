package agent

import (
	"sync"
	"time"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

// stepWriter is the sink of a main step: it applies stream events to the
// assistant message, creates the message on the first event, and writes
// and publishes snapshots at most every Config.UpdateInterval (the store
// coalesces the streaming writes further). Changes held back by the
// interval are flushed when it ends, so text streamed just before a pause
// is shown during the pause.
type stepWriter struct {
	t *turn

	// mu serializes the stream's events with the trailing flush.
	mu       sync.Mutex
	trailing *time.Timer // pending trailing flush
	done     bool        // finished: no more flushes

	acc       *accumulator
	cand      Candidate
	msg       message.Message
	created   bool
	dirty     bool
	lastFlush time.Time

	// stored is closed when the message's row is written (create runs
	// it on a goroutine of its own); storeFailed, set before, says the
	// write failed.
	stored      chan struct{}
	storeFailed bool
}

func newStepWriter(t *turn) *stepWriter {
	return &stepWriter{t: t, acc: newAccumulator(t.callIDs)}
}

// prepare is called before each candidate is asked.
func (w *stepWriter) prepare(c Candidate) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.cand = c
}

func (w *stepWriter) event(ev llm.Event) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.created {
		w.create()
	}
	if w.acc.apply(ev) {
		w.dirty = true
		w.maybeFlush()
	}
}

func (w *stepWriter) reset() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.acc.empty() {
		return
	}
	w.acc.reset()
	w.dirty = true
	w.flush()
}

// create starts the assistant message at the stream's first event. Its
// row is written on a goroutine of its own (after the tool message, which
// comes first), so that the stream goes on being read meanwhile; every
// later write of the message waits for it (awaitStored).
func (w *stepWriter) create() {
	w.created = true
	w.lastFlush = time.Now()
	id, err := message.NewID()
	if err != nil {
		w.t.c.log.Error("store assistant message", "session", w.t.sessionID, "err", err)
		return // no ID: nothing is stored for this step
	}
	now := w.t.c.cfg.Now().UnixMilli()
	w.msg = message.Message{
		ID:        id,
		SessionID: w.t.sessionID,
		Role:      llm.RoleAssistant,
		Status:    message.StatusStreaming,
		Model:     w.cand.Model,
		Provider:  w.cand.Provider,
		CreatedAt: now,
		UpdatedAt: now,
	}
	m, stored := w.msg, make(chan struct{})
	w.stored = stored
	go func() {
		defer close(stored)
		w.t.awaitToolWrite()
		if _, err := w.t.c.deps.Messages.Create(w.t.store, m); err != nil {
			w.t.c.log.Error("store assistant message", "session", w.t.sessionID, "err", err)
			w.storeFailed = true
		}
	}()
}

// awaitStored waits for the message's row; when it could not be written
// the message loses its ID, and nothing more is stored for it.
func (w *stepWriter) awaitStored() {
	if w.stored == nil {
		return
	}
	<-w.stored
	w.stored = nil
	if w.storeFailed {
		w.msg.ID = ""
	}
}

// maybeFlush flushes now when the interval has passed since the last
// flush, and otherwise makes sure a trailing flush is due when it ends.
// While one is due, events only accumulate: a burst of deltas reads no
// clock (a clock read costs 0.2 µs on a virtual machine, as much as
// decoding the chunk) and the trailing flush writes them all.
func (w *stepWriter) maybeFlush() {
	iv := w.t.c.cfg.UpdateInterval
	if iv < 0 {
		w.flush()
		return
	}
	if w.trailing != nil {
		return
	}
	if since := time.Since(w.lastFlush); since < iv {
		w.trailing = time.AfterFunc(iv-since, w.flushTrailing)
		return
	}
	w.flush()
}

// flushTrailing publishes what the interval held back.
func (w *stepWriter) flushTrailing() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.trailing = nil
	if !w.done {
		w.flush()
	}
}

// flush writes and publishes the current snapshot.
func (w *stepWriter) flush() {
	w.awaitStored()
	if !w.created || !w.dirty || w.msg.ID == "" {
		return
	}
	w.dirty = false
	w.lastFlush = time.Now()
	m := w.msg
	m.Parts = w.acc.snapshot()
	m.Model, m.Provider = w.cand.Model, w.cand.Provider
	m.UpdatedAt = w.t.c.cfg.Now().UnixMilli()
	if err := w.t.c.deps.Messages.Update(w.t.store, m); err != nil {
		w.t.c.log.Warn("update streaming message", "id", m.ID, "err", err)
	}
	w.t.c.publishLossy(Event{Type: EventMessage, SessionID: w.t.sessionID, Message: &m})
}

// finish writes the final message: its parts, a finish part and the done
// status, with the step's accounting a where the stores can write both in
// one transaction. reason is the finish reason; note is shown with it (an
// error). A step that received nothing stores no message (ID empty).
func (w *stepWriter) finish(reason llm.FinishReason, complete bool, note string, a *stepAccount) message.Message {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.done = true
	if w.trailing != nil {
		w.trailing.Stop()
		w.trailing = nil
	}
	w.awaitStored()
	if !w.created || w.msg.ID == "" {
		return message.Message{Role: llm.RoleAssistant, FinishReason: reason}
	}
	now := w.t.c.cfg.Now().UnixMilli()
	m := w.msg
	m.Parts = append(w.acc.final(complete), llm.Part{Type: llm.PartFinish, Reason: reason, FinishedAt: now, Text: note})
	m.Model, m.Provider = w.cand.Model, w.cand.Provider
	m.Status = message.StatusDone
	m.FinishReason = reason
	m.FinishedAt = now
	m.UpdatedAt = now
	if err := w.store(m, a); err != nil {
		w.t.c.log.Error("store assistant message", "id", m.ID, "err", err)
	}
	return m
}

// store writes the final message m, and a in the same transaction when
// the message and session stores can (both SQLite services can; the
// in-memory ones of tests cannot), marking it stored. When that
// transaction fails, the message is written alone, as without a, and
// account stores a after it: a failed accounting never costs the answer.
func (w *stepWriter) store(m message.Message, a *stepAccount) error {
	deps := w.t.c.deps
	msgs, ok := deps.Messages.(finalWriter)
	steps, ok2 := deps.Sessions.(stepStore)
	if ok && ok2 {
		row := a.row
		row.MessageID = m.ID
		sw := steps.BeginStep(row, a.tokens)
		stored, err := sw.End(msgs.UpdateWith(w.t.store, m, sw.Write))
		if err == nil {
			a.row, a.stored = stored, true
			return nil
		}
		w.t.c.log.Warn("store step with its message; storing them apart", "id", m.ID, "err", err)
	}
	return deps.Messages.Update(w.t.store, m)
}
