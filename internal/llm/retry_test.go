package llm

import (
	"context"
	"errors"
	"iter"
	"slices"
	"sync"
	"testing"
	"time"
)

// attempt is one scripted call: its events, then err (nil: finished).
type attempt struct {
	events []Event
	err    error
}

// scripted answers the n-th call with the n-th attempt.
type scripted struct {
	mu       sync.Mutex
	attempts []attempt
	calls    int
}

func (s *scripted) Stream(ctx context.Context, req *Request) iter.Seq2[Event, error] {
	s.mu.Lock()
	a := s.attempts[s.calls]
	s.calls++
	s.mu.Unlock()
	return func(yield func(Event, error) bool) {
		for _, ev := range a.events {
			if !yield(ev, nil) {
				return
			}
		}
		if a.err != nil {
			yield(Event{}, a.err)
		}
	}
}

// sleeper records the waits instead of sleeping.
type sleeper struct{ waits []time.Duration }

func (s *sleeper) sleep(ctx context.Context, d time.Duration) error {
	s.waits = append(s.waits, d)
	return ctx.Err()
}

func text(s string) Event { return Event{Type: EventTextDelta, Text: s} }

var finish = Event{Type: EventFinish, Reason: FinishStop}

func run(t *testing.T, p Provider) ([]EventType, error) {
	t.Helper()
	var types []EventType
	var last error
	for ev, err := range p.Stream(t.Context(), &Request{}) {
		if err != nil {
			last = err
			continue
		}
		types = append(types, ev.Type)
	}
	return types, last
}

func TestRetryResetsAfterPartialOutput(t *testing.T) {
	t.Parallel()
	sp := &scripted{attempts: []attempt{
		{events: []Event{text("Hel")}, err: &Error{Kind: KindOverloaded}},
		{err: &Error{Kind: KindServer}},
		{events: []Event{text("Hello"), finish}},
	}}
	sl := &sleeper{}
	p := WithRetry(sp, RetryPolicy{BaseDelay: time.Second, Rand: func() float64 { return 0.5 }, Sleep: sl.sleep})
	types, err := run(t, p)
	if err != nil {
		t.Fatal(err)
	}
	want := []EventType{EventTextDelta, EventRetry, EventReset, EventRetry, EventTextDelta, EventFinish}
	if !slices.Equal(types, want) {
		t.Errorf("events %v, want %v", types, want)
	}
	if want := []time.Duration{500 * time.Millisecond, time.Second}; !slices.Equal(sl.waits, want) {
		t.Errorf("waits %v, want %v (full jitter, doubling)", sl.waits, want)
	}
}

func TestRetryNeverRetriesPermanentKinds(t *testing.T) {
	t.Parallel()
	for _, k := range []ErrorKind{KindAuth, KindBilling, KindBadRequest, KindContextOverflow, KindCanceled} {
		sp := &scripted{attempts: []attempt{{err: &Error{Kind: k}}}}
		sl := &sleeper{}
		_, err := run(t, WithRetry(sp, RetryPolicy{Sleep: sl.sleep}))
		if KindOf(err) != k || sp.calls != 1 || len(sl.waits) != 0 {
			t.Errorf("%s: err %v after %d calls, waits %v", k, err, sp.calls, sl.waits)
		}
	}
}

func TestRetryGivesUpAfterMaxAttempts(t *testing.T) {
	t.Parallel()
	last := &Error{Kind: KindRateLimit, Message: "third"}
	sp := &scripted{attempts: []attempt{
		{err: &Error{Kind: KindRateLimit}}, {err: &Error{Kind: KindRateLimit}}, {err: last},
	}}
	sl := &sleeper{}
	_, err := run(t, WithRetry(sp, RetryPolicy{MaxAttempts: 3, Rand: func() float64 { return 1 }, Sleep: sl.sleep}))
	if !errors.Is(err, last) || sp.calls != 3 || len(sl.waits) != 2 {
		t.Errorf("err %v after %d calls, waits %v", err, sp.calls, sl.waits)
	}
}

func TestRetryHonoursRetryAfter(t *testing.T) {
	t.Parallel()
	sp := &scripted{attempts: []attempt{
		{err: &Error{Kind: KindRateLimit, RetryAfter: 7 * time.Second}},
		{events: []Event{finish}},
	}}
	sl := &sleeper{}
	_, err := run(t, WithRetry(sp, RetryPolicy{Rand: func() float64 { return 0.1 }, Sleep: sl.sleep}))
	if err != nil || !slices.Equal(sl.waits, []time.Duration{7 * time.Second}) {
		t.Errorf("err %v, waits %v", err, sl.waits)
	}
}

func TestRetrySurfacesLongRetryAfter(t *testing.T) {
	t.Parallel()
	long := &Error{Kind: KindRateLimit, RetryAfter: 10 * time.Minute}
	sp := &scripted{attempts: []attempt{{err: long}}}
	sl := &sleeper{}
	_, err := run(t, WithRetry(sp, RetryPolicy{MaxRetryAfter: time.Minute, Sleep: sl.sleep}))
	if !errors.Is(err, long) || sp.calls != 1 || len(sl.waits) != 0 {
		t.Errorf("err %v after %d calls, waits %v", err, sp.calls, sl.waits)
	}
}

func TestRetryBackoffIsCapped(t *testing.T) {
	t.Parallel()
	pol := RetryPolicy{BaseDelay: time.Second, MaxDelay: 5 * time.Second, MaxAttempts: 100, Rand: func() float64 { return 1 }}.withDefaults()
	for n, want := range map[int]time.Duration{1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second, 4: 5 * time.Second, 70: 5 * time.Second} {
		if got, ok := pol.wait(n, &Error{Kind: KindServer}); !ok || got != want {
			t.Errorf("attempt %d: %s, want %s", n, got, want)
		}
	}
}

func TestRetryCancelDuringWait(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	sp := &scripted{attempts: []attempt{{events: []Event{text("a")}, err: &Error{Kind: KindServer}}}}
	p := WithRetry(sp, RetryPolicy{Sleep: func(ctx context.Context, d time.Duration) error {
		cancel()
		return ctx.Err()
	}})
	var types []EventType
	var last error
	for ev, err := range p.Stream(ctx, &Request{}) {
		if err != nil {
			last = err
			continue
		}
		types = append(types, ev.Type)
	}
	if KindOf(last) != KindCanceled || !slices.Equal(types, []EventType{EventTextDelta, EventRetry}) {
		t.Errorf("events %v, err %v", types, last)
	}
}

func TestRetryStopsWhenCallerStops(t *testing.T) {
	t.Parallel()
	sp := &scripted{attempts: []attempt{{events: []Event{text("a"), text("b"), finish}}}}
	for range WithRetry(sp, RetryPolicy{}).Stream(t.Context(), &Request{}) {
		break
	}
	if sp.calls != 1 {
		t.Errorf("%d calls", sp.calls)
	}
}

func TestRetryDefaultSleepHonoursContext(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := sleep(ctx, time.Hour); !errors.Is(err, context.Canceled) {
		t.Errorf("sleep: %v", err)
	}
	if err := sleep(t.Context(), time.Millisecond); err != nil {
		t.Errorf("sleep: %v", err)
	}
}

// TestRetryAnnouncesEachRetry: before each wait the caller hears what
// failed, how long the wait is and which attempt comes.
func TestRetryAnnouncesEachRetry(t *testing.T) {
	t.Parallel()
	rl := &Error{Kind: KindRateLimit, Status: 429, Provider: "work", Message: "slow down", RetryAfter: 4 * time.Second}
	sp := &scripted{attempts: []attempt{{err: rl}, {events: []Event{text("ok"), finish}}}}
	p := WithRetry(sp, RetryPolicy{Rand: func() float64 { return 0 }, Sleep: (&sleeper{}).sleep})
	var infos []*RetryInfo
	for ev, err := range p.Stream(t.Context(), &Request{}) {
		if err != nil {
			t.Fatal(err)
		}
		if ev.Type == EventRetry {
			infos = append(infos, ev.Retry)
		}
	}
	if len(infos) != 1 {
		t.Fatalf("%d retry events", len(infos))
	}
	want := "429 rate limited for provider work: slow down, retrying in 4 s (attempt 2/4)"
	if got := infos[0].String(); got != want {
		t.Errorf("retry text %q, want %q", got, want)
	}
}

// TestRetryNotOnFirstByteTimeout: a server silent for the whole
// first-byte timeout is not asked again; the caller fails over.
func TestRetryNotOnFirstByteTimeout(t *testing.T) {
	t.Parallel()
	dead := TransportError(t.Context(), &TimeoutError{FirstByte: true, After: time.Minute})
	sp := &scripted{attempts: []attempt{{err: dead}}}
	sl := &sleeper{}
	_, err := run(t, WithRetry(sp, RetryPolicy{Sleep: sl.sleep}))
	if KindOf(err) != KindTimeout || sp.calls != 1 || len(sl.waits) != 0 {
		t.Errorf("err %v after %d calls, waits %v", err, sp.calls, sl.waits)
	}
}
