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
