package pubsub

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestPublishReachesEverySubscriber(t *testing.T) {
	t.Parallel()
	b := NewBroker[int]()
	defer b.Close()
	a, c := b.Subscribe(t.Context()), b.Subscribe(t.Context())
	b.Publish(Created, 7)
	for _, ch := range []<-chan Event[int]{a, c} {
		if ev := <-ch; ev.Type != Created || ev.Payload != 7 {
			t.Fatalf("event = %+v", ev)
		}
	}
}

// Publish never blocks: a subscriber whose buffer is full misses events.
func TestPublishDropsForAFullSubscriber(t *testing.T) {
	t.Parallel()
	b := NewBroker[int]()
	defer b.Close()
	ch := b.Subscribe(t.Context())
	done := make(chan struct{})
	go func() {
		for i := range DefaultBuffer + 10 {
			b.Publish(Updated, i)
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Publish blocked on a full subscriber")
	}
	if n := len(ch); n != DefaultBuffer {
		t.Fatalf("buffered %d events, want %d", n, DefaultBuffer)
	}
}

// PublishWait waits for room instead of dropping, until its ctx ends.
func TestPublishWaitDeliversOrGivesUp(t *testing.T) {
	t.Parallel()
	b := NewBroker[int]()
	defer b.Close()
	ch := b.Subscribe(t.Context())
	for i := range DefaultBuffer {
		b.Publish(Updated, i)
	}
	got := make(chan int, 1)
	go func() {
		for i := 0; i <= DefaultBuffer; i++ {
			ev := <-ch
			if i == DefaultBuffer {
				got <- ev.Payload
			}
		}
	}()
	if err := b.PublishWait(t.Context(), Created, -1); err != nil {
		t.Fatalf("PublishWait: %v", err)
	}
	if p := <-got; p != -1 {
		t.Fatalf("last event = %d, want the waited one", p)
	}

	_ = b.Subscribe(t.Context()) // never read
	for i := range DefaultBuffer {
		b.Publish(Updated, i)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	if err := b.PublishWait(ctx, Created, 0); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("PublishWait to a stuck subscriber = %v, want the deadline", err)
	}
}

func TestSubscriptionEndsWithItsContextAndClose(t *testing.T) {
	t.Parallel()
	b := NewBroker[string]()
	ctx, cancel := context.WithCancel(t.Context())
	ch := b.Subscribe(ctx)
	other := b.Subscribe(t.Context())
	cancel()
	if _, ok := <-ch; ok {
		t.Fatal("channel open after its context ended")
	}
	deadline := time.Now().Add(5 * time.Second)
	for b.SubscriberCount() != 1 {
		if time.Now().After(deadline) {
			t.Fatalf("subscribers = %d, want 1", b.SubscriberCount())
		}
		time.Sleep(time.Millisecond)
	}
	b.Close()
	if _, ok := <-other; ok {
		t.Fatal("channel open after Close")
	}
	if _, ok := <-b.Subscribe(t.Context()); ok {
		t.Fatal("a subscription after Close is open")
	}
	b.Publish(Deleted, "after close") // must not panic
	b.Close()                         // idempotent
}
