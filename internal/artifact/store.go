package artifact

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// DefaultQuota is the per-session space for artifacts when none is
// configured.
const DefaultQuota int64 = 512 << 20

// dirName is the folder under the data directory that holds every
// session's artifacts.
const dirName = "artifacts"

// indexSuffix names a file's line-index sidecar.
const indexSuffix = ".idx"

// ErrBadSession is returned for a session id that cannot name a directory.
var ErrBadSession = errors.New("invalid session id for artifacts")

// Store places artifacts under one data directory. It is safe for
// concurrent use; the quota is enforced per session when files are
// written.
type Store struct {
	root  string
	quota int64
	mu    sync.Mutex // serializes quota accounting and eviction
}

// New returns a store keeping artifacts in dataDir/artifacts, at most
// quota bytes per session (DefaultQuota when quota <= 0). Nothing is
// created until the first artifact is written.
func New(dataDir string, quota int64) *Store {
	if quota <= 0 {
		quota = DefaultQuota
	}
	return &Store{root: filepath.Join(dataDir, dirName), quota: quota}
}

// Quota is the per-session limit in bytes.
func (s *Store) Quota() int64 { return s.quota }

// Dir returns the directory of a session's artifacts (which may not exist
// yet). Session ids are made of letters, digits, '-' and '_' only, so a
// crafted id can never name another directory.
func (s *Store) Dir(sessionID string) (string, error) {
	if !validID(sessionID) {
		return "", fmt.Errorf("%w: %q", ErrBadSession, sessionID)
	}
	return filepath.Join(s.root, sessionID), nil
}

// validID reports whether id is a non-empty run of [A-Za-z0-9_-].
func validID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for _, c := range id {
		ok := c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !ok {
			return false
		}
	}
	return true
}

// Info describes one stored artifact.
type Info struct {
	Name string `json:"name"`
	Path string `json:"path"`
	Size int64  `json:"size"`
}

// List returns the session's artifacts, oldest first (none when the
// session has no directory).
func (s *Store) List(sessionID string) ([]Info, error) {
	dir, err := s.Dir(sessionID)
	if err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list artifacts of %s: %w", sessionID, err)
	}
	var out []Info
	for _, e := range entries {
		if !e.Type().IsRegular() || strings.HasSuffix(e.Name(), indexSuffix) {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue // removed meanwhile
		}
		out = append(out, Info{Name: e.Name(), Path: filepath.Join(dir, e.Name()), Size: fi.Size()})
	}
	slices.SortFunc(out, func(a, b Info) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// RemoveSession deletes the session's artifacts; a session without any is
// not an error.
func (s *Store) RemoveSession(sessionID string) error {
	dir, err := s.Dir(sessionID)
	if err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("remove artifacts of %s: %w", sessionID, err)
	}
	return nil
}

// Owns reports whether abs, a path with every symbolic link already
// resolved, names a file directly inside the session's artifact
// directory, and whether that directory is really the store's: the
// artifacts folder and the session folder must be plain directories, not
// links planted to point elsewhere. The file itself need not exist (it may
// have been dropped by the quota).
func (s *Store) Owns(sessionID, abs string) bool {
	dir, err := s.Dir(sessionID)
	if err != nil || !filepath.IsAbs(abs) {
		return false
	}
	realRoot, err := filepath.EvalSymlinks(filepath.Dir(s.root))
	if err != nil {
		return false
	}
	for _, p := range []string{s.root, dir} {
		fi, err := os.Lstat(p)
		if err != nil || !fi.IsDir() {
			return false
		}
	}
	want := filepath.Join(realRoot, dirName, filepath.Base(dir))
	if filepath.Dir(filepath.Clean(abs)) != want || strings.HasSuffix(abs, indexSuffix) {
		return false
	}
	fi, err := os.Lstat(abs)
	return errors.Is(err, fs.ErrNotExist) || err == nil && fi.Mode().IsRegular()
}

// usage returns the session's artifacts other than skip, oldest first,
// each with the size of its index added, and their total size.
func (s *Store) usage(dir, skip string) ([]Info, int64) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, 0
	}
	sizes := map[string]int64{}
	var names []string
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		base := strings.TrimSuffix(e.Name(), indexSuffix)
		if base == skip {
			continue
		}
		if _, seen := sizes[base]; !seen {
			names = append(names, base)
		}
		sizes[base] += fi.Size()
	}
	slices.Sort(names)
	files := make([]Info, 0, len(names))
	var total int64
	for _, n := range names {
		files = append(files, Info{Name: n, Path: filepath.Join(dir, n), Size: sizes[n]})
		total += sizes[n]
	}
	return files, total
}

// RemoveFile deletes one artifact and its line index (an artifact that
// turned out not to be needed).
func RemoveFile(path string) error {
	err := os.Remove(path)
	_ = os.Remove(path + indexSuffix)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove artifact: %w", err)
	}
	return nil
}
