package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/honecode/hone/internal/tools/ignore"
)

//go:embed ls.md
var lsDescription string

// lsMaxEntries caps one listing.
const lsMaxEntries = 1000

// defaultIgnored reports names that are noise in a listing.
func defaultIgnored(name string) bool {
	switch name {
	case ".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox",
		".mypy_cache", ".pytest_cache", ".ruff_cache", ".idea", ".gradle", ".next", ".nuxt",
		".cache", ".DS_Store", "Thumbs.db":
		return true
	}
	return false
}

type lsParams struct {
	Path   string   `json:"path,omitempty" jsonschema_description:"Directory to list (default: the working directory)."`
	Ignore []string `json:"ignore,omitempty" jsonschema_description:"Glob patterns of names or relative paths to leave out, such as *.log or dist/**."`
	Depth  int      `json:"depth,omitempty" jsonschema_description:"How many levels to descend (1 = direct children only; default: no limit until the entry cap)." jsonschema:"minimum=0"`
}

type lsTool struct {
	env    *Env
	schema json.RawMessage
}

func init() {
	register(func(env *Env) Tool { return &lsTool{env: env, schema: SchemaFor[lsParams]()} })
}

// Info describes ls.
func (t *lsTool) Info() Info {
	return Info{Name: "ls", Description: lsDescription, Schema: t.schema, Policy: PolicyReadOnly}
}

// lsNode is a directory entry of the listing.
type lsNode struct {
	name     string
	dir      bool
	children []*lsNode
}

// Run lists a directory tree.
func (t *lsTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[lsParams](call)
	if err != nil {
		return Result{}, err
	}
	for _, pat := range p.Ignore {
		if !doublestar.ValidatePattern(pat) {
			return ErrorResult(fmt.Sprintf("invalid ignore pattern %q.", pat)), nil
		}
	}
	target, res, ok := readAccess(ctx, t.env, "ls", p.Path)
	if !ok {
		return res, nil
	}
	if msg := requireDir(target); msg != "" {
		return ErrorResult(msg), nil
	}
	root, count, truncated, err := lsCollect(ctx, target.Abs, p.Ignore, p.Depth)
	if err != nil {
		return Result{}, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "- %s/\n", target.Abs)
	lsRender(&b, root, 1)
	body := strings.TrimRight(b.String(), "\n")
	content := body
	if truncated {
		content += fmt.Sprintf("\n(Listing truncated at %d entries. List a subdirectory, lower depth or add ignore patterns.)", lsMaxEntries)
	}
	return Result{Content: content, Display: Display{
		Kind: DisplayList, Title: fmt.Sprintf("%s (%d entries)", shownPath(target), count), Path: target.Abs, Body: body,
	}}, nil
}

// lsCollect reads the tree breadth first, so that a capped listing still
// shows the upper levels completely.
func lsCollect(ctx context.Context, root string, ignores []string, depth int) (*lsNode, int, bool, error) {
	top := &lsNode{dir: true}
	type item struct {
		node  *lsNode
		abs   string
		level int
		ign   *ignore.Chain // the parent's chain (the root's own for the root)
	}
	queue, count := []item{{top, root, 1, ignore.RootChain(root)}}, 0
	for len(queue) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, 0, false, err
		}
		it := queue[0]
		queue = queue[1:]
		entries, err := os.ReadDir(it.abs)
		if err != nil {
			continue
		}
		ign := it.ign
		if it.abs != root && hasIgnoreFile(entries) {
			ign = ign.With(it.abs)
		}
		for _, e := range entries {
			abs := filepath.Join(it.abs, e.Name())
			if lsSkip(root, abs, e.Name(), e.IsDir(), ignores) || ign.Ignored(abs, e.IsDir()) {
				continue
			}
			if count == lsMaxEntries {
				return top, count, true, nil
			}
			count++
			n := &lsNode{name: e.Name(), dir: e.IsDir()}
			it.node.children = append(it.node.children, n)
			if n.dir && (depth <= 0 || it.level < depth) {
				queue = append(queue, item{n, abs, it.level + 1, ign})
			}
		}
	}
	return top, count, false, nil
}

// lsSkip applies the default ignores and the ignore patterns (matched
// against the name and the path relative to the listed root).
func lsSkip(root, abs, name string, dir bool, ignores []string) bool {
	if defaultIgnored(name) {
		return true
	}
	rel, _ := filepath.Rel(root, abs)
	rel = filepath.ToSlash(rel)
	for _, pat := range ignores {
		pat = strings.TrimSuffix(pat, "/")
		if doublestar.MatchUnvalidated(pat, name) || doublestar.MatchUnvalidated(pat, rel) {
			return true
		}
	}
	return false
}

// lsRender writes the children of n, directories first, indented by level.
func lsRender(b *strings.Builder, n *lsNode, level int) {
	slices.SortStableFunc(n.children, func(x, y *lsNode) int {
		if x.dir != y.dir {
			if x.dir {
				return -1
			}
			return 1
		}
		return strings.Compare(x.name, y.name)
	})
	for _, c := range n.children {
		b.WriteString(strings.Repeat("  ", level))
		b.WriteString("- " + c.name)
		if c.dir {
			b.WriteString("/")
		}
		b.WriteString("\n")
		lsRender(b, c, level+1)
	}
}
