package tools

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestViewBounded checks that view returns quickly with bounded memory on
// inputs that would hang or exhaust a naive reader. It does not run in
// parallel: the memory measurement must not see other tests' allocations.
func TestViewBounded(t *testing.T) {
	te := newToolEnv(t)
	sparse := filepath.Join(te.root, "sparse.bin")
	mustTruncate(t, sparse, 2<<30)
	sparseText := filepath.Join(te.root, "sparse.txt") // text first, then 2 GB of holes
	te.write(t, "sparse.txt", strings.Repeat("some text\n", 1000))
	mustTruncate(t, sparseText, 2<<30)
	line := filepath.Join(te.root, "line.txt")
	writeHugeLine(t, line, 100<<20)
	fifo := filepath.Join(te.root, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path string
		args       jsonArgs
		want       string
	}{
		{"sparse 2 GB", sparse, nil, "binary file"},
		{"sparse 2 GB after text", sparseText, nil, "Reading stopped after 64 MB"},
		{"sparse 2 GB far offset", sparseText, jsonArgs{"offset": 999}, "  1000|some text\n  1001|\x00"},
		{"sparse 2 GB offset past the holes", sparseText, jsonArgs{"offset": 1001}, "Reading stopped after 64 MB"},
		{"100 MB single line", line, nil, "1 line(s) longer than 2000 characters were cut"},
		{"fifo", fifo, nil, "named pipe"},
		{"dev zero", "/dev/zero", nil, "is a device"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := jsonArgs{"file_path": tt.path}
			for k, v := range tt.args {
				args[k] = v
			}
			var res Result
			elapsed, allocated := measure(func() { res = te.run(t, "view", args) })
			if !strings.Contains(res.Content, tt.want) {
				t.Errorf("content lacks %q:\n%.300s", tt.want, res.Content)
			}
			if elapsed > time.Second {
				t.Errorf("view took %v, want under a second", elapsed)
			}
			if allocated > 16<<20 {
				t.Errorf("view allocated %d MB, want under 16 MB", allocated>>20)
			}
		})
	}
}

// measure runs f and returns how long it took and how many bytes it
// allocated on the heap.
func measure(f func()) (time.Duration, uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	f()
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	return elapsed, after.TotalAlloc - before.TotalAlloc
}

func mustTruncate(t *testing.T, path string, size int64) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
}

// writeHugeLine writes one line of size bytes, without newline.
func writeHugeLine(t *testing.T, path string, size int) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := []byte(strings.Repeat("abcdefgh", 1<<13)) // 64 KiB
	for written := 0; written < size; written += len(chunk) {
		if _, err := f.Write(chunk); err != nil {
			t.Fatal(err)
		}
	}
}
