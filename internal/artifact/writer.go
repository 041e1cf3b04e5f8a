package artifact

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// markEvery is the spacing, in bytes, of line-index marks.
const markEvery = 1 << 20

// Result describes a finished artifact.
type Result struct {
	// Path is the artifact file.
	Path string
	// Size is the number of bytes kept; Total the number offered. They
	// differ when the quota stopped the file (Complete is false).
	Size, Total int64
	// Lines is the number of lines kept (a last line without a newline
	// counts).
	Lines    int64
	Complete bool
	// Dropped names older artifacts deleted to make room.
	Dropped []string
}

// mark says that line Line (0-based) starts at byte Offset.
type mark struct{ line, offset int64 }

// Writer streams one artifact to disk. Write never fails: once the quota
// is exhausted (after dropping the session's older artifacts) further bytes
// are counted and discarded, and Close reports it. It is safe for
// concurrent use, and writes after Close are discarded.
type Writer struct {
	s    *Store
	dir  string
	name string
	f    *os.File

	mu       sync.Mutex
	size     int64
	total    int64
	lines    int64
	last     byte
	others   int64 // bytes of the session's other artifacts, as last seen
	full     bool
	closed   bool
	err      error
	dropped  []string
	marks    []mark
	nextMark int64
}

// Create starts a new artifact of the session. label (a tool or call
// name) becomes part of the file name, which also carries the creation
// time so that names sort oldest first.
func (s *Store) Create(sessionID, label string) (*Writer, error) {
	dir, err := s.Dir(sessionID)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create artifact directory: %w", err)
	}
	for range 5 {
		name := fmt.Sprintf("%019d-%s.txt", time.Now().UnixNano(), cleanLabel(label))
		f, err := os.OpenFile(filepath.Join(dir, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if os.IsExist(err) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("create artifact: %w", err)
		}
		_, others := s.usage(dir, name)
		return &Writer{s: s, dir: dir, name: name, f: f, others: others, nextMark: markEvery}, nil
	}
	return nil, fmt.Errorf("create artifact in %s: name collision", dir)
}

// cleanLabel keeps a label's letters, digits, '-' and '_' (at most 40).
func cleanLabel(label string) string {
	var b strings.Builder
	for _, c := range label {
		if c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			b.WriteRune(c)
		}
		if b.Len() >= 40 {
			break
		}
	}
	if b.Len() == 0 {
		return "output"
	}
	return b.String()
}

// Path is the artifact file.
func (w *Writer) Path() string { return filepath.Join(w.dir, w.name) }

// Write appends p as far as the quota allows; it always reports len(p).
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := len(p)
	w.total += int64(n)
	if w.closed || w.full || w.err != nil {
		return n, nil
	}
	room := w.s.quota - w.others - w.size
	if int64(len(p)) > room {
		room = w.makeRoom(int64(len(p)))
	}
	if int64(len(p)) > room {
		p = p[:max(room, 0)]
		w.full = true
	}
	if len(p) == 0 {
		return n, nil
	}
	if _, err := w.f.Write(p); err != nil {
		w.err = err
		return n, nil
	}
	w.track(p)
	w.size += int64(len(p))
	return n, nil
}

// makeRoom drops the session's oldest other artifacts until need bytes
// fit, and returns the room there is then.
func (w *Writer) makeRoom(need int64) int64 {
	w.s.mu.Lock()
	defer w.s.mu.Unlock()
	files, others := w.s.usage(w.dir, w.name)
	for _, f := range files {
		if w.s.quota-others-w.size >= need {
			break
		}
		if os.Remove(f.Path) == nil || !exists(f.Path) {
			_ = os.Remove(f.Path + indexSuffix)
			others -= f.Size
			w.dropped = append(w.dropped, f.Path)
		}
	}
	w.others = others
	return w.s.quota - others - w.size
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// track counts the lines of p (written at offset w.size) and records index
// marks at the first line start past each markEvery boundary.
func (w *Writer) track(p []byte) {
	base := w.size
	for i := 0; ; {
		j := bytes.IndexByte(p[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		w.lines++
		if start := base + int64(i); start >= w.nextMark {
			w.marks = append(w.marks, mark{line: w.lines, offset: start})
			w.nextMark = start + markEvery
		}
	}
	w.last = p[len(p)-1]
}

// Close finishes the file and its index and reports what was kept.
func (w *Writer) Close() (Result, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	res := Result{Path: w.Path(), Size: w.size, Total: w.total, Lines: w.lines, Complete: !w.full && w.err == nil, Dropped: w.dropped}
	if w.size > 0 && w.last != '\n' {
		res.Lines++
	}
	if w.closed {
		return res, w.err
	}
	w.closed = true
	if err := w.f.Close(); err != nil && w.err == nil {
		w.err = err
	}
	if w.err == nil && len(w.marks) > 0 {
		w.err = w.writeIndex()
	}
	if w.err != nil {
		return res, fmt.Errorf("write artifact %s: %w", res.Path, w.err)
	}
	return res, nil
}

// writeIndex stores the marks as "line offset" lines.
func (w *Writer) writeIndex() error {
	var b strings.Builder
	for _, m := range w.marks {
		b.WriteString(strconv.FormatInt(m.line, 10))
		b.WriteByte(' ')
		b.WriteString(strconv.FormatInt(m.offset, 10))
		b.WriteByte('\n')
	}
	return os.WriteFile(w.Path()+indexSuffix, []byte(b.String()), 0o600)
}

// NearestLine returns the closest indexed line at or before line in the
// artifact at path, and the byte offset where it starts: a reader seeks
// there and skips line-at lines. Without an index it returns 0, 0.
func NearestLine(path string, line int64) (at, offset int64) {
	data, err := os.ReadFile(path + indexSuffix)
	if err != nil {
		return 0, 0
	}
	for _, ln := range strings.Split(string(data), "\n") {
		l, o, ok := strings.Cut(ln, " ")
		if !ok {
			continue
		}
		li, err1 := strconv.ParseInt(l, 10, 64)
		oi, err2 := strconv.ParseInt(o, 10, 64)
		if err1 != nil || err2 != nil || li > line {
			break
		}
		at, offset = li, oi
	}
	return at, offset
}
