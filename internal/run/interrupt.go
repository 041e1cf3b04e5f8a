package run

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// NotifyInterrupt returns a context cancelled by the first SIGINT or
// SIGTERM, which makes the running turn stop cleanly (exit 130). A second
// signal calls exit(130) at once. stop releases the signal handler.
func NotifyInterrupt(ctx context.Context, exit func(code int)) (_ context.Context, stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		n := 0
		for {
			select {
			case <-ch:
				n++
				if n == 1 {
					cancel()
					continue
				}
				exit(int(ExitInterrupted))
			case <-done:
				return
			}
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel()
	}
}
