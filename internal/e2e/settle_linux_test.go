package e2e

import (
	"os"

	"golang.org/x/sys/unix"
)

// settle writes the file at path to disk and drops it from the page
// cache, so the benchmarks map it as they would an installed binary. The
// pages the linker's writes left in the cache map with a resident size
// about 30 MiB larger than the same file read back from disk.
func settle(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return err
	}
	return unix.Fadvise(int(f.Fd()), 0, 0, unix.FADV_DONTNEED)
}
