// Package pubsub is a small typed broker that services embed to publish
// Created/Updated/Deleted events.
//
// Delivery semantics: Publish never blocks the publisher. Each subscriber
// has a buffered channel; when it is full the event is dropped for that
// subscriber (lossy: fine for redraw hints, since every event carries the
// full current value). PublishWait blocks until every subscriber has
// received the event or its context ends (guaranteed: use it for permission
// requests and run completions). A subscription ends when its context is
// cancelled or the broker is closed; its channel is then closed.
package pubsub

import (
	"context"
	"sync"
)

// EventType says what happened to the payload.
type EventType string

// Event types.
const (
	Created EventType = "created"
	Updated EventType = "updated"
	Deleted EventType = "deleted"
)

// Event is one published change.
type Event[T any] struct {
	Type    EventType
	Payload T
}

// DefaultBuffer is the per-subscriber channel size.
const DefaultBuffer = 256

// Broker fans events out to subscribers. The zero value is not usable; call
// NewBroker.
type Broker[T any] struct {
	mu     sync.RWMutex
	subs   map[chan Event[T]]struct{}
	closed bool
	done   chan struct{} // closed by Close: ends the subscription watchers
	buffer int
}

// NewBroker returns an open broker.
func NewBroker[T any]() *Broker[T] {
	return &Broker[T]{subs: make(map[chan Event[T]]struct{}), done: make(chan struct{}), buffer: DefaultBuffer}
}

// Subscribe returns a channel of events until ctx ends or Close.
func (b *Broker[T]) Subscribe(ctx context.Context) <-chan Event[T] {
	b.mu.Lock()
	defer b.mu.Unlock()
	ch := make(chan Event[T], b.buffer)
	if b.closed {
		close(ch)
		return ch
	}
	b.subs[ch] = struct{}{}
	go func() {
		select {
		case <-ctx.Done():
		case <-b.done:
			return // Close closed the channel
		}
		b.mu.Lock()
		defer b.mu.Unlock()
		if _, ok := b.subs[ch]; ok {
			delete(b.subs, ch)
			close(ch)
		}
	}()
	return ch
}

// Publish delivers the event to every subscriber with room for it.
func (b *Broker[T]) Publish(t EventType, payload T) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	ev := Event[T]{Type: t, Payload: payload}
	for ch := range b.subs {
		select {
		case ch <- ev:
		default:
		}
	}
}

// PublishWait delivers the event to every subscriber, waiting for room,
// until ctx ends. It returns ctx.Err() if delivery was cut short.
func (b *Broker[T]) PublishWait(ctx context.Context, t EventType, payload T) error {
	b.mu.RLock()
	defer b.mu.RUnlock()
	ev := Event[T]{Type: t, Payload: payload}
	for ch := range b.subs {
		select {
		case ch <- ev:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// SubscriberCount reports the number of live subscriptions.
func (b *Broker[T]) SubscriberCount() int {
	b.mu.RLock()
	defer b.mu.RUnlock()
	return len(b.subs)
}

// Close ends every subscription.
func (b *Broker[T]) Close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	b.closed = true
	close(b.done)
	for ch := range b.subs {
		delete(b.subs, ch)
		close(ch)
	}
}
