package run_test

import (
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/honecode/hone/internal/run"
)

func TestNotifyInterrupt(t *testing.T) {
	exited := make(chan int, 1)
	ctx, stop := run.NotifyInterrupt(t.Context(), func(code int) { exited <- code })
	defer stop()
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("first SIGINT did not cancel")
	}
	syscall.Kill(os.Getpid(), syscall.SIGINT)
	select {
	case code := <-exited:
		if code != 130 {
			t.Errorf("exit code %d", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("second SIGINT did not exit")
	}
}

// TestInterruptAfterStopExitsAtOnce: once the turn's part is over (stop),
// the first signal exits with 130; the cleanup after a turn is never
// left without a way out.
func TestInterruptAfterStopExitsAtOnce(t *testing.T) {
	exited := make(chan int, 1)
	ctx, stop := run.NotifyInterrupt(t.Context(), func(code int) { exited <- code })
	stop()
	if ctx.Err() == nil {
		t.Error("stop left the context running")
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-exited:
		if code != 130 {
			t.Errorf("exit code %d, want 130", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a signal after stop did not exit")
	}
}
