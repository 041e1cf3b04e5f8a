package tools

import (
	"cmp"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
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
	slices.SortFunc(hits, func(a, b globHit) int {
		return cmp.Or(cmp.Compare(b.mtime, a.mtime), strings.Compare(a.abs, b.abs))
	})
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
// in parallel; the caller sorts the hits.
func globWalk(ctx context.Context, root, pattern string) ([]globHit, error) {
	var mu sync.Mutex
	var hits []globHit
	err := walkTreeParallel(ctx, root, func(abs string, d walkEntry) {
		if d.IsDir() {
			return
		}
		rel, ok := ignore.Below(root, abs)
		if !ok || !doublestar.MatchUnvalidated(pattern, filepath.ToSlash(rel)) {
			return
		}
		mtime := d.modTime()
		mu.Lock()
		hits = append(hits, globHit{abs: abs, mtime: mtime})
		mu.Unlock()
	})
	return hits, err
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
