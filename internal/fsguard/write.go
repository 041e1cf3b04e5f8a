package fsguard

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// ErrTooLarge is returned by WriteFrom when the content exceeds MaxBytes.
var ErrTooLarge = errors.New("content exceeds the size limit")

// WriteOptions tunes WriteFile and WriteFrom.
type WriteOptions struct {
	// Perm is the mode of a new file (0o644 when zero). An existing file
	// keeps its mode and, when permitted, its owner.
	Perm fs.FileMode
	// MkdirAll creates missing parent directories (mode 0o755).
	MkdirAll bool
	// MaxBytes, when positive, caps the content: more fails with
	// ErrTooLarge and leaves the target untouched.
	MaxBytes int64
}

// WriteFile atomically replaces (or creates) abs, a path already resolved
// by Resolve, with data. See WriteFrom.
func WriteFile(abs string, data []byte, opts WriteOptions) error {
	_, err := WriteFrom(abs, bytes.NewReader(data), opts)
	return err
}

// WriteFrom atomically replaces (or creates) abs with what r yields and
// returns the bytes written. The parent directory is reached without
// following any symbolic link (ErrRedirected when one appeared since the
// path was resolved); the content goes to a temporary file in that very
// directory, is fsynced, and is renamed over the final name, so readers see
// the old or the new file, never a mix, and nothing lands elsewhere.
func WriteFrom(abs string, r io.Reader, opts WriteOptions) (int64, error) {
	dir, base, err := openParent(abs, opts.MkdirAll)
	if err != nil {
		return 0, fmt.Errorf("write %s: %w", abs, err)
	}
	defer unix.Close(dir)
	if base == "" {
		return 0, fmt.Errorf("write %s: %w", abs, unix.EISDIR)
	}
	target, err := statTarget(dir, base, opts.Perm)
	if err != nil {
		return 0, fmt.Errorf("write %s: %w", abs, err)
	}
	tmp, f, err := createTemp(dir, base)
	if err != nil {
		return 0, fmt.Errorf("write %s: %w", abs, err)
	}
	n, err := fill(f, r, opts.MaxBytes, target)
	if err == nil {
		err = unix.Renameat(dir, tmp, dir, base)
	}
	if err != nil {
		_ = unix.Unlinkat(dir, tmp, 0)
		return n, fmt.Errorf("write %s: %w", abs, err)
	}
	syncDir(dir)
	return n, nil
}

// targetInfo is what the replaced file had: its mode, and its owner when
// it existed.
type targetInfo struct {
	mode     uint32
	existed  bool
	uid, gid int
}

// statTarget reads the mode and owner of the file being replaced, refusing
// symbolic links and directories.
func statTarget(dir int, base string, perm fs.FileMode) (targetInfo, error) {
	var st unix.Stat_t
	err := unix.Fstatat(dir, base, &st, unix.AT_SYMLINK_NOFOLLOW)
	if errors.Is(err, unix.ENOENT) {
		if perm == 0 {
			perm = 0o644
		}
		return targetInfo{mode: uint32(perm.Perm())}, nil
	}
	if err != nil {
		return targetInfo{}, err
	}
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFLNK:
		return targetInfo{}, ErrRedirected
	case unix.S_IFREG:
		return targetInfo{mode: uint32(st.Mode & 0o7777), existed: true, uid: int(st.Uid), gid: int(st.Gid)}, nil
	case unix.S_IFDIR:
		return targetInfo{}, unix.EISDIR
	}
	return targetInfo{}, fmt.Errorf("not a regular file")
}

// createTemp creates a new, empty temporary file beside base in dir.
func createTemp(dir int, base string) (string, *os.File, error) {
	prefix := base
	if len(prefix) > 100 {
		prefix = prefix[:100]
	}
	for range 5 {
		var b [8]byte
		_, _ = rand.Read(b[:])
		name := "." + prefix + ".hone-" + hex.EncodeToString(b[:]) + ".tmp"
		fd, err := unix.Openat(dir, name, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
		if errors.Is(err, unix.EEXIST) {
			continue
		}
		if err != nil {
			return "", nil, fmt.Errorf("create temporary file: %w", err)
		}
		return name, os.NewFile(uintptr(fd), name), nil
	}
	return "", nil, fmt.Errorf("create temporary file: %w", unix.EEXIST)
}

// fill copies r into f (at most limit bytes when limit > 0), gives it the
// target's mode and owner, fsyncs and closes it.
func fill(f *os.File, r io.Reader, limit int64, t targetInfo) (int64, error) {
	defer f.Close()
	src := r
	if limit > 0 {
		src = io.LimitReader(r, limit+1)
	}
	n, err := io.Copy(f, src)
	if err != nil {
		return n, err
	}
	if limit > 0 && n > limit {
		return n, ErrTooLarge
	}
	fd := int(f.Fd())
	if t.existed {
		_ = unix.Fchown(fd, t.uid, t.gid) // best effort: only root may give files away
	}
	if err := unix.Fchmod(fd, t.mode); err != nil {
		return n, fmt.Errorf("chmod: %w", err)
	}
	if err := f.Sync(); err != nil {
		return n, fmt.Errorf("fsync: %w", err)
	}
	return n, f.Close()
}

// syncDir makes the rename durable. Failures are ignored: some file
// systems cannot fsync directories, and the data is already in place.
func syncDir(dir int) {
	fd, err := unix.Openat(dir, ".", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return
	}
	_ = unix.Fsync(fd)
	_ = unix.Close(fd)
}
