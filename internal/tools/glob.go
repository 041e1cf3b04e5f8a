package tools

import (
	"cmp"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/honecode/hone/internal/fsguard"
	"github.com/honecode/hone/internal/tools/ignore"
)

//go:embed glob.md
var globDescription string

// globMaxResults is how many paths one glob call returns.
const globMaxResults = 100

type globParams struct {
	Pattern string `json:"pattern" jsonschema_description:"Glob pattern matched against paths relative to path, such as **/*.go or src/**/*.{ts,tsx}."`
	Path    string `json:"path,omitempty" jsonschema_description:"Directory to search in (default: the working directory)."`
}

type globTool struct {
	env    *Env
	schema json.RawMessage
}

func init() {
	register(func(env *Env) Tool { return &globTool{env: env, schema: SchemaFor[globParams]()} })
}

// Info describes glob.
func (t *globTool) Info() Info {
	return Info{Name: "glob", Description: globDescription, Schema: t.schema, Policy: PolicyReadOnly}
}

type globHit struct {
	abs   string
	mtime int64
}

// Run lists files matching a pattern, newest first.
func (t *globTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[globParams](call)
	if err != nil {
		return Result{}, err
	}
	pattern := filepath.ToSlash(p.Pattern)
	if strings.TrimSpace(pattern) == "" || !doublestar.ValidatePattern(pattern) {
		return ErrorResult(fmt.Sprintf("invalid glob pattern %q.", p.Pattern)), nil
	}
	// Search from the pattern's fixed prefix ("src/**/*.go" walks src), so
	// that a prefix such as "../x" or "/etc" is judged like any path.
	dir, pattern := globStart(p.Path, pattern)
	target, res, ok := readAccess(ctx, t.env, "glob", dir)
	if !ok {
		return res, nil
	}
	if msg := requireDir(target); msg != "" {
		return ErrorResult(msg), nil
	}
	hits, err := globWalk(ctx, target.Abs, pattern)
	if err != nil {
		return Result{}, err
	}
	rel := newRelativizer(t.env)
	res = globResult(rel, hits)
	if len(hits) > globMaxResults {
		res = saveList(ctx, t.env, res, len(hits), func(w io.Writer) {
			for _, h := range hits {
				fmt.Fprintln(w, rel.name(h.abs))
			}
		})
	}
	return res, nil
}

// newestFirst orders hits by modification time, newest first, then by
// path. Paths are compared only on a tie: most pairs differ in time.
func newestFirst(a, b globHit) int {
	if c := cmp.Compare(b.mtime, a.mtime); c != 0 {
		return c
	}
	return strings.Compare(a.abs, b.abs)
}

// globStart moves the fixed leading part of pattern into the directory to
// search (joined without cleaning: resolving handles ".." and links).
func globStart(dir, pattern string) (string, string) {
	base, rest := doublestar.SplitPattern(pattern)
	switch {
	case base == ".":
		return dir, pattern
	case filepath.IsAbs(base) || dir == "":
		return filepath.FromSlash(base), rest
	}
	return dir + string(filepath.Separator) + filepath.FromSlash(base), rest
}

// globWalk collects the files below root whose path relative to root
// matches pattern, reading directories (and the hits' modification times)
// in parallel, and returns them newest first.
func globWalk(ctx context.Context, root, pattern string) ([]globHit, error) {
	shards := make([]globShard, walkWorkers())
	match := globMatcher(pattern)
	err := walkTreeParallel(ctx, root, len(shards), func(worker int, abs string, d walkEntry) {
		if d.IsDir() {
			return
		}
		rel, ok := ignore.Below(root, abs)
		if !ok || !match(filepath.ToSlash(rel)) {
			return
		}
		s := &shards[worker]
		s.hits = append(s.hits, globHit{abs: abs, mtime: d.modTime()})
	})
	return sortShards(shards), err
}

// globShard is what one walker goroutine found. Padding keeps shards
// that different goroutines append to off one cache line.
type globShard struct {
	hits []globHit
	_    [40]byte
}

// sortShards sorts each shard on its own goroutine, then merges them in
// pairs, newest first: log(shards) passes over the hits.
func sortShards(shards []globShard) []globHit {
	var wg sync.WaitGroup
	lists := make([][]globHit, 0, len(shards))
	for i := range shards {
		wg.Go(func() { slices.SortFunc(shards[i].hits, newestFirst) })
		lists = append(lists, shards[i].hits)
	}
	wg.Wait()
	if len(lists) == 0 {
		return nil
	}
	for len(lists) > 1 {
		merged := lists[:0]
		for i := 0; i < len(lists); i += 2 {
			if i+1 == len(lists) {
				merged = append(merged, lists[i])
				break
			}
			merged = append(merged, mergeHits(lists[i], lists[i+1]))
		}
		lists = merged
	}
	return lists[0]
}

// mergeHits merges two lists sorted newest first.
func mergeHits(a, b []globHit) []globHit {
	out := make([]globHit, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if newestFirst(b[0], a[0]) < 0 {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}

// globMatcher matches slash-separated paths against a valid pattern. The
// common "**/name-pattern" form, whose last part holds no separator,
// escape or "**", is matched against the base name alone ("**/" takes any
// number of leading directories, so only the last element decides), and
// "**/*.ext" with a literal suffix is a suffix test: a large tree matches
// every file.
func globMatcher(pattern string) func(rel string) bool {
	last, ok := strings.CutPrefix(pattern, "**/")
	if !ok || last == "" || strings.ContainsAny(last, `/\`) || strings.Contains(last, "**") {
		return func(rel string) bool { return doublestar.MatchUnvalidated(pattern, rel) }
	}
	if suffix, ok := strings.CutPrefix(last, "*"); ok && !strings.ContainsAny(suffix, "*?[]{}") {
		return func(rel string) bool { return strings.HasSuffix(rel, suffix) }
	}
	return func(rel string) bool { return doublestar.MatchUnvalidated(last, path.Base(rel)) }
}

// globResult renders the hits, at most globMaxResults, with a note when
// more matched.
func globResult(rel relativizer, hits []globHit) Result {
	if len(hits) == 0 {
		return Result{Content: "No files found.", Display: Display{Kind: DisplayList}}
	}
	shown := make([]string, 0, min(len(hits), globMaxResults))
	for _, h := range hits[:min(len(hits), globMaxResults)] {
		shown = append(shown, rel.name(h.abs))
	}
	body := strings.Join(shown, "\n")
	content := body
	if len(hits) > globMaxResults {
		content += fmt.Sprintf("\n(Results are truncated: showing %d of %d files, newest first. Use a more specific pattern or path.)", globMaxResults, len(hits))
	}
	return Result{Content: content, Display: Display{Kind: DisplayList, Title: fmt.Sprintf("%d files", len(hits)), Body: body}}
}

// requireDir explains why target is not a directory ("" when it is).
func requireDir(target fsguard.Resolved) string {
	fi, err := os.Stat(target.Abs)
	switch {
	case err != nil && os.IsNotExist(err):
		return didYouMean(target.Abs, shownPath(target))
	case err != nil:
		return fmt.Sprintf("could not open %s: %v", shownPath(target), err)
	case !fi.IsDir():
		return fmt.Sprintf("%s is not a directory.", shownPath(target))
	}
	return ""
}

// relativizer names resolved paths for results: relative to the project
// when inside it, absolute otherwise.
type relativizer struct{ root string }

func newRelativizer(env *Env) relativizer {
	r, err := fsguard.Resolve(env.WorkDir, "")
	if err != nil {
		return relativizer{}
	}
	return relativizer{root: r.Abs}
}

func (r relativizer) name(abs string) string {
	if r.root != "" && fsguard.Within(r.root, abs) {
		if rel, err := filepath.Rel(r.root, abs); err == nil {
			return rel
		}
	}
	return abs
}
