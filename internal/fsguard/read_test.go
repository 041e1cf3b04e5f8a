package fsguard

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestReadRegular(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	mustWrite(t, file, "0123456789")
	f, err := OpenRead(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, more, err := ReadRegular(f, 4)
	if err != nil || string(data) != "0123" || !more {
		t.Errorf("ReadRegular = %q, %v, %v", data, more, err)
	}

	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	p, err := OpenRead(fifo) // must not block
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, _, err := ReadRegular(p, 10); !errors.Is(err, ErrNotRegular) {
		t.Errorf("FIFO read: %v, want ErrNotRegular", err)
	}
	z, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip(err)
	}
	defer z.Close()
	if _, _, err := ReadRegular(z, 10); !errors.Is(err, ErrNotRegular) {
		t.Errorf("/dev/zero read: %v, want ErrNotRegular", err)
	}
}
