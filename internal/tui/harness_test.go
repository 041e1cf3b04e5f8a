package tui_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/honecode/hone/internal/tui"
	"github.com/honecode/hone/internal/tui/tuitest"
)

// clock is a settable test clock for the permission dialog's guard.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

type harness struct {
	*tuitest.Driver
	fake  *tuitest.Fake
	clock *clock
}

// start runs the TUI over fake at 100×30 with the bridge attached.
func start(t *testing.T, fake *tuitest.Fake, opts tui.Options) *harness {
	t.Helper()
	return startSize(t, fake, opts, 100, 30)
}

func startSize(t *testing.T, fake *tuitest.Fake, opts tui.Options, w, h int) *harness {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	c := &clock{now: time.Unix(1_700_000_000, 0)}
	opts.Now = c.Now
	opts.Getenv = func(string) string { return "" }
	d := tuitest.NewDriver(tui.NewModel(ctx, fake, opts), w, h)
	go tui.Bridge(ctx, fake, d.Send)
	t.Cleanup(func() {
		cancel()
		d.Close()
	})
	for !fake.Subscribed() {
		time.Sleep(time.Millisecond)
	}
	return &harness{Driver: d, fake: fake, clock: c}
}
