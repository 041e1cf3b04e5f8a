package config

import (
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"github.com/honecode/hone/internal/trust"
)

// gate walks a project layer's raw JSON against trust.Fields and splits
// it into what applies without trust and the parts that need it. It is
// the one place that decides what an untrusted project contributes.
type gate struct {
	root, cwd    string // project dir (git root) and working dir
	userProvider func(name string) bool
	// ownProviders are the providers the project's config defines.
	ownProviders map[string]any

	parts   []trust.Part
	dropped []string    // paths left out (with everything below them)
	renames [][2]string // list items that moved: old path, new path
}

// walk returns what of raw (at path, of Go type t; segs is the path for
// trust.Lookup) applies without trust, and false when nothing does.
func (g *gate) walk(raw any, t reflect.Type, path string, segs []string) (any, bool) {
	m := trust.Lookup(segs)
	if m.Found {
		switch m.Field.Class {
		case trust.Safe, trust.Ignored:
			return raw, true
		case trust.UserProvider:
			if !g.userRef(raw) {
				return g.need(path, segs, raw)
			}
			if _, isObject := raw.(map[string]any); !isObject {
				return raw, true
			}
			return g.members(raw, reflect.TypeFor[modelRefObject](), path, segs)
		case trust.InProject:
			if s, _ := raw.(string); g.inProject(s) {
				return raw, true
			}
		}
		return g.need(path, segs, raw)
	}
	if m.Container {
		return g.members(raw, t, path, segs)
	}
	return g.need(path, segs, raw)
}

// members walks the members of an object or the items of a list.
func (g *gate) members(raw any, t reflect.Type, path string, segs []string) (any, bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch v := raw.(type) {
	case map[string]any:
		out := map[string]any{}
		for _, key := range sortedKeys(v) {
			ft, known := memberType(t, key)
			if !known { // an unknown key decodes to nothing: leave it out
				continue
			}
			if kept, ok := g.walk(v[key], ft, joinKey(path, key), append(segs[:len(segs):len(segs)], key)); ok {
				out[key] = kept
			}
		}
		return out, true
	case []any:
		out := []any{}
		for i, item := range v {
			kept, ok := g.walk(item, t.Elem(), joinIndex(path, i), append(segs[:len(segs):len(segs)], "[]"))
			if !ok {
				continue
			}
			if j := len(out); j != i {
				g.renames = append(g.renames, [2]string{joinIndex(path, i), joinIndex(path, j)})
			}
			out = append(out, kept)
		}
		if len(out) == 0 && len(v) > 0 {
			g.dropped = append(g.dropped, path) // nothing left: the list does not apply at all
			return nil, false
		}
		return out, true
	}
	return raw, true
}

// memberType is the Go type of key in an object of type t.
func memberType(t reflect.Type, key string) (reflect.Type, bool) {
	switch t.Kind() {
	case reflect.Map:
		return t.Elem(), true
	case reflect.Struct:
		ft, ok := jsonFields(t)[key]
		return ft, ok
	}
	return nil, false
}

// need records raw as a part that applies only with trust. Empty values
// (null, {}, []) do nothing and are left out silently.
func (g *gate) need(path string, segs []string, raw any) (any, bool) {
	g.dropped = append(g.dropped, path)
	if !isEmptyJSON(raw) {
		g.parts = append(g.parts, trust.Part{Path: path, Summary: trust.Printable(summarize(segs, path, raw)), Value: raw})
	}
	return nil, false
}

// userRef reports whether a model candidate may apply untrusted: it names
// a provider of the user's, or one the project does not define either (a
// reference that does not parse or names no provider at all is left for
// validation to report).
func (g *gate) userRef(raw any) bool {
	ref, _ := raw.(string)
	if obj, ok := raw.(map[string]any); ok {
		ref, _ = obj["model"].(string)
	}
	name, _, ok := SplitModelRef(ref)
	if !ok || g.userProvider(name) {
		return true
	}
	_, own := g.ownProviders[name]
	return !own
}

// inProject reports whether a context path, as written, stays inside the
// project (relative paths start at the working directory). Symbolic
// links are judged when the file is read.
func (g *gate) inProject(p string) bool {
	if p == "" {
		return true
	}
	if strings.HasPrefix(p, "~") {
		return false
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(g.cwd, p)
	}
	p = filepath.Clean(p)
	return p == g.root || strings.HasPrefix(p, g.root+string(filepath.Separator))
}

// keepAt rewrites a layer's path → offset map after the walk: dropped
// paths go, moved list items take their new index.
func (g *gate) keepAt(at map[string]int) map[string]int {
	out := make(map[string]int, len(at))
	for p, off := range at {
		if g.isDropped(p) {
			continue
		}
		out[g.rename(p)] = off
	}
	return out
}

func (g *gate) isDropped(p string) bool {
	for _, d := range g.dropped {
		if below(p, d) {
			return true
		}
	}
	return false
}

func (g *gate) rename(p string) string {
	for _, r := range g.renames {
		if below(p, r[0]) {
			return r[1] + p[len(r[0]):]
		}
	}
	return p
}

// below reports whether path p is prefix or inside it.
func below(p, prefix string) bool {
	if !strings.HasPrefix(p, prefix) {
		return false
	}
	rest := p[len(prefix):]
	return rest == "" || rest[0] == '.' || rest[0] == '['
}

func isEmptyJSON(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case map[string]any:
		return len(v) == 0
	case []any:
		return len(v) == 0
	}
	return false
}

func sortedStrings(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}
