package tools

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/honecode/hone/internal/artifact"
)

// resultLimit bounds the text of any tool result that reaches the model,
// in bytes. Longer results are cut by the registry, and their whole text
// is kept as an artifact the model can read with view and grep.
const resultLimit = 100_000

// spill is where a tool writes output that may be too long for the
// model: the first keep bytes stay in memory, and once more arrive the
// whole output streams to an artifact file of the session. Without an
// artifact store or a session it only counts. It is safe for concurrent
// use and never fails; Close says what was kept.
type spill struct {
	store   *artifact.Store
	session string
	label   string
	keep    int

	mu     sync.Mutex
	buf    []byte
	w      *artifact.Writer
	total  int64
	err    error
	closed bool
}

// newSpill returns a spill for the calling session's output of one call.
func newSpill(ctx context.Context, store *artifact.Store, keep int) *spill {
	cc := CallFrom(ctx)
	label := cc.CallID
	if label == "" {
		label = "output"
	}
	return &spill{store: store, session: cc.SessionID, label: label, keep: keep}
}

// Write records p.
func (s *spill) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.total += int64(len(p))
	if s.closed || s.err != nil {
		return len(p), nil
	}
	if s.w == nil && len(s.buf)+len(p) <= s.keep {
		s.buf = append(s.buf, p...)
		return len(p), nil
	}
	if s.open() {
		_, _ = s.w.Write(p)
	}
	return len(p), nil
}

// force makes sure the artifact exists, even when everything still fits
// in memory (a tool cut its result by count rather than by size).
func (s *spill) force() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.closed {
		s.open()
	}
}

// open creates the artifact and moves the buffered bytes into it; s.mu is
// held. It reports whether the artifact is there.
func (s *spill) open() bool {
	if s.w != nil {
		return true
	}
	if s.store == nil || s.session == "" || s.err != nil {
		return false
	}
	w, err := s.store.Create(s.session, s.label)
	if err != nil {
		s.err = err
		return false
	}
	s.w = w
	_, _ = w.Write(s.buf)
	s.buf = nil
	return true
}

// discard ends the spill and deletes the artifact if one was started:
// the tool showed everything after all.
func (s *spill) discard() {
	res, _ := s.Close()
	if res.Path != "" {
		_ = artifact.RemoveFile(res.Path)
	}
}

// path is the artifact file, "" while the output still fits in memory.
func (s *spill) path() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.w == nil {
		return ""
	}
	return s.w.Path()
}

// Close finishes the artifact, if one was needed, and returns the note
// that tells the model where it is ("" when there is none).
func (s *spill) Close() (artifact.Result, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	if s.w == nil {
		if s.err != nil {
			return artifact.Result{}, fmt.Sprintf("(The full output could not be saved: %v.)", s.err)
		}
		return artifact.Result{}, ""
	}
	res, err := s.w.Close()
	if err != nil {
		return res, fmt.Sprintf("(The full output could not be saved completely: %v.)", err)
	}
	return res, artifactNote(res, s.store.Quota())
}

// artifactNote tells the model where the whole output is and how to read
// it, and what the quota cost.
func artifactNote(res artifact.Result, quota int64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[The full output (%s, %s) is saved at %s. Read it in pieces with view (file_path, offset, limit in lines) or search it with grep (path); both work without asking.",
		sizeText(res.Total), plural(int(res.Lines), "line"), res.Path)
	if !res.Complete {
		fmt.Fprintf(&b, " Only its first %s were kept: the session's artifact quota is %s.", sizeText(res.Size), sizeText(quota))
	}
	if len(res.Dropped) > 0 {
		fmt.Fprintf(&b, " To stay within the session's artifact quota (%s), older saved outputs were deleted: %s.",
			sizeText(quota), strings.Join(res.Dropped, ", "))
	}
	b.WriteString("]")
	return b.String()
}

// sizeText formats a byte count for people and models.
func sizeText(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return plural(int(n), "byte")
}

// keepWhole cuts a result whose text is longer than resultLimit and saves
// the whole text as an artifact: the one place that bounds what any tool
// (built-in or MCP) returns. A result that already has an artifact, or
// fits, is returned unchanged.
func keepWhole(ctx context.Context, store *artifact.Store, res Result) Result {
	if len(res.Content) <= resultLimit || res.Artifact != "" {
		return res
	}
	sp := newSpill(ctx, store, 0)
	_, _ = sp.Write([]byte(res.Content))
	saved, note := sp.Close()
	head := cutBytes(res.Content, resultLimit)
	cut := fmt.Sprintf("%s\n\n[output cut: showing the first %s of %s.]", head, sizeText(int64(len(head))), sizeText(int64(len(res.Content))))
	if note != "" {
		cut += "\n" + note
	} else {
		cut += "\n[Ask the tool for less (a narrower query, a page or a range) to see the rest.]"
	}
	if res.Display.Body == res.Content || len(res.Display.Body) > resultLimit {
		res.Display.Body = cut
	}
	res.Content, res.Artifact = cut, saved.Path
	res.Display.Artifact = saved.Path
	return res
}

// cutBytes returns at most n bytes of s, not splitting a UTF-8 sequence.
func cutBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}

// saveList keeps the whole list behind a result that shows only part of
// it (glob's first files): write produces the list, and the result gets
// the note saying where it is. Without an artifact store res is returned
// as is.
func saveList(ctx context.Context, env *Env, res Result, total int, write func(io.Writer)) Result {
	if env.Artifacts == nil || CallFrom(ctx).SessionID == "" {
		return res
	}
	sp := newSpill(ctx, env.Artifacts, 0)
	write(sp)
	saved, note := sp.Close()
	res.Content += fmt.Sprintf("\nAll %d are listed in the saved output.\n%s", total, note)
	res.Artifact, res.Display.Artifact = saved.Path, saved.Path
	return res
}
