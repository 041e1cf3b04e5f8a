package run

import (
	"context"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
)

// NotifyInterrupt returns a context cancelled by the first SIGINT or
// SIGTERM, which makes the running turn stop cleanly (exit 130). A second
// signal calls exit(130) at once. stop ends the turn's part: from the
// moment it returns, the first signal calls exit(130). The handler stays
// until the process exits, since `hone run` exits right after:
// signal.Stop would hand each signal to the runtime's signal thread and
// wait for it, about 0.3 ms at the end of every run.
func NotifyInterrupt(ctx context.Context, exit func(code int)) (_ context.Context, stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	var ended atomic.Bool
	go func() {
		n := 0
		for range ch {
			n++
			if n == 1 && !ended.Load() {
				cancel()
				continue
			}
			exit(int(ExitInterrupted))
		}
	}()
	return ctx, func() {
		ended.Store(true)
		cancel()
	}
}
