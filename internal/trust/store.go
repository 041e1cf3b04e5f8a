package trust

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// FileName is the trust store's file in the data directory.
const FileName = "trust.json"

// maxStoreBytes bounds the store file read.
const maxStoreBytes = 4 << 20

// Entry is one trusted project config.
type Entry struct {
	// Dir is the project directory, absolute and symlink-resolved.
	Dir string `json:"dir"`
	// File is the project config file the entry is for.
	File string `json:"file"`
	// Hash identifies the trusted parts (see Hash).
	Hash      string    `json:"hash"`
	TrustedAt time.Time `json:"trusted_at"`
	// Parts describe what was trusted, for `hone trust --list`.
	Parts []string `json:"parts,omitempty"`
}

type storeFile struct {
	Version int     `json:"version"`
	Entries []Entry `json:"entries"`
}

// Store is the trust file (trust.json, mode 0600) in the data directory.
// The data directory comes from the command line or the environment,
// never from config, so a project cannot point Hone at a store of its own.
type Store struct{ path string }

// Open returns the store of dataDir; it reads nothing yet.
func Open(dataDir string) *Store { return &Store{path: filepath.Join(dataDir, FileName)} }

// Path is the store's file.
func (s *Store) Path() string { return s.path }

// Trusted reports whether the user trusts the project dir's config file
// with exactly the parts hash identifies. A store inside dir itself (a
// data directory in the project) never trusts it.
func (s *Store) Trusted(dir, file, hash string) (bool, error) {
	dir = Canonical(dir)
	if within(dir, Canonical(filepath.Dir(s.path))) {
		return false, nil
	}
	f, err := s.read()
	if err != nil {
		return false, err
	}
	return slices.ContainsFunc(f.Entries, func(e Entry) bool {
		return e.Dir == dir && e.File == file && e.Hash == hash
	}), nil
}

// Trust records e (Dir made canonical, TrustedAt set when zero),
// replacing an earlier entry for the same directory and file.
func (s *Store) Trust(e Entry) error {
	e.Dir = Canonical(e.Dir)
	if e.TrustedAt.IsZero() {
		e.TrustedAt = time.Now().UTC().Truncate(time.Second)
	}
	return s.update(func(f *storeFile) {
		f.Entries = slices.DeleteFunc(f.Entries, func(o Entry) bool { return o.Dir == e.Dir && o.File == e.File })
		f.Entries = append(f.Entries, e)
	})
}

// Revoke forgets every entry of dir and returns them.
func (s *Store) Revoke(dir string) ([]Entry, error) {
	dir = Canonical(dir)
	var gone []Entry
	err := s.update(func(f *storeFile) {
		f.Entries = slices.DeleteFunc(f.Entries, func(e Entry) bool {
			if e.Dir == dir {
				gone = append(gone, e)
				return true
			}
			return false
		})
	})
	return gone, err
}

// List returns every entry, sorted by directory and file.
func (s *Store) List() ([]Entry, error) {
	f, err := s.read()
	if err != nil {
		return nil, err
	}
	slices.SortFunc(f.Entries, func(a, b Entry) int {
		if c := strings.Compare(a.Dir, b.Dir); c != 0 {
			return c
		}
		return strings.Compare(a.File, b.File)
	})
	return f.Entries, nil
}

// read loads the store; a missing file is an empty store. A file others
// may write is refused: its answers could be anyone's.
func (s *Store) read() (storeFile, error) {
	var f storeFile
	file, err := os.Open(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		return f, nil
	}
	if err != nil {
		return f, fmt.Errorf("read trust store: %w", err)
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil {
		return f, fmt.Errorf("read trust store: %w", err)
	}
	if err := checkOwner(s.path, fi); err != nil {
		return f, err
	}
	data, err := io.ReadAll(io.LimitReader(file, maxStoreBytes+1))
	switch {
	case err != nil:
		return f, fmt.Errorf("read trust store: %w", err)
	case len(data) > maxStoreBytes:
		return f, fmt.Errorf("read trust store %s: larger than %d bytes", s.path, maxStoreBytes)
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return f, fmt.Errorf("read trust store %s: %w", s.path, err)
	}
	return f, nil
}

func checkOwner(path string, fi fs.FileInfo) error {
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("trust store %s is not a regular file", path)
	}
	if fi.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("trust store %s may be written by others (mode %v); make it private: chmod 600 %s", path, fi.Mode().Perm(), path)
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Getuid() {
		return fmt.Errorf("trust store %s belongs to another user", path)
	}
	return nil
}

// update changes the store under an exclusive lock and replaces the file
// atomically with mode 0600.
func (s *Store) update(change func(*storeFile)) error {
	dir := filepath.Dir(s.path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("trust store: %w", err)
	}
	unlock, err := lock(s.path + ".lock")
	if err != nil {
		return err
	}
	defer unlock()
	f, err := s.read()
	if err != nil {
		return err
	}
	change(&f)
	f.Version = 1
	if f.Entries == nil {
		f.Entries = []Entry{}
	}
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return fmt.Errorf("trust store: %w", err)
	}
	return writeAtomic(s.path, append(data, '\n'))
}

// lock takes an exclusive flock on path (created 0600) and returns its
// release.
func lock(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock trust store: %w", err)
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("lock trust store: %w", err)
	}
	return func() { f.Close() }, nil
}

// writeAtomic writes data to a private temporary file next to path,
// syncs it and renames it over path.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+FileName+".*")
	if err != nil {
		return fmt.Errorf("write trust store: %w", err)
	}
	defer os.Remove(tmp.Name())
	err = tmp.Chmod(0o600)
	if err == nil {
		_, err = tmp.Write(data)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("write trust store: %w", err)
	}
	return nil
}

// Canonical is dir made absolute, clean and symlink-resolved (as far as
// it exists), the form the store keys projects by.
func Canonical(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return filepath.Clean(dir)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	return abs
}

// within reports whether path is root or below it (clean, absolute).
func within(root, path string) bool {
	return path == root || strings.HasPrefix(path, root+string(filepath.Separator)) || root == string(filepath.Separator)
}
