package shell

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/honecode/hone/internal/fsguard"
)

// Bounds of the filesystem checks; past them a command is not read-only.
const (
	// maxDirs bounds the directories a line may run commands in (its
	// start and where its cd commands lead).
	maxDirs = 16
	// maxGlobPaths bounds the paths a glob word is expanded to.
	maxGlobPaths = 4096
	// maxResolves bounds the paths resolved for one line.
	maxResolves = 8192
)

// confirm checks the read-only commands of a against the filesystem:
// every word judged as a path, from every directory the line may be in
// when the command runs, resolves inside the project (symbolic links
// followed, globs expanded), and git's repository configuration runs no
// programs. Commands that fail lose ReadOnly.
func confirm(a *Analysis, w Where, inputs []word) {
	root, start, ok := startDir(w)
	if !ok {
		for i := range a.Commands {
			a.Commands[i].ReadOnly = false
		}
		return
	}
	fc := &fsChecker{root: root, realRoot: start, seen: map[[2]string]bool{}}
	if r, err := fsguard.Resolve(root, ""); err == nil {
		fc.realRoot = r.Abs
	}
	dirs, cdOK := fc.lineDirs(a.Commands, start)
	if cdOK {
		for i := range a.Commands {
			fc.markDashFree(a.Commands[i].words, dirs)
		}
	}
	for i := range a.Commands {
		c := &a.Commands[i]
		if c.ReadOnly && (!cdOK || !fc.command(c.need, dirs)) {
			c.ReadOnly = false
		}
	}
	for _, in := range inputs {
		if !cdOK || !fc.words([]word{in}, dirs) {
			a.Risks = appendOnce(a.Risks, "input redirection from outside the project")
		}
	}
}

// startDir resolves the project and the start directory; it fails when
// there is no project or the start lies outside it.
func startDir(w Where) (root, start string, ok bool) {
	if w.Project == "" {
		return "", "", false
	}
	r, err := fsguard.Resolve(w.Project, w.Dir)
	if err != nil || !r.Inside {
		return "", "", false
	}
	return w.Project, r.Abs, true
}

// fsChecker resolves words against the project.
type fsChecker struct {
	root     string
	realRoot string
	// seen caches inside by (directory, path); resolves counts the paths
	// actually resolved.
	seen     map[[2]string]bool
	resolves int
}

// lineDirs returns every directory the line's commands may run in: the
// start, and where its cd commands lead from any of those, in any order
// (a superset of what bash does). It fails when a cd target leaves the
// project or there are too many.
func (fc *fsChecker) lineDirs(cmds []Command, start string) ([]string, bool) {
	dirs := []string{start}
	var targets []string
	for _, c := range cmds {
		if c.need != nil && c.need.cd != "" && !contains(targets, c.need.cd) {
			targets = append(targets, c.need.cd)
		}
	}
	for range targets {
		grown := false
		for _, t := range targets {
			for _, d := range dirs {
				r, err := fsguard.ResolveFrom(fc.root, d, t)
				if err != nil || !r.Inside {
					return nil, false
				}
				if fi, err := os.Stat(r.Abs); err != nil || !fi.IsDir() || contains(dirs, r.Abs) {
					continue
				}
				if dirs = append(dirs, r.Abs); len(dirs) > maxDirs {
					return nil, false
				}
				grown = true
			}
		}
		if !grown {
			break
		}
	}
	return dirs, true
}

// command confirms one read-only command's need.
func (fc *fsChecker) command(need *fsNeed, dirs []string) bool {
	if need == nil {
		return true
	}
	if len(need.chdir) > 0 {
		moved, ok := fc.chdir(dirs, need.chdir)
		if !ok {
			return false
		}
		dirs = append(append([]string(nil), dirs...), moved...)
	}
	if !fc.words(need.words, dirs) {
		return false
	}
	if need.git {
		for _, d := range dirs {
			if !gitRepoHarmless(d, fc.gitDir(d, need.gitDir)) {
				return false
			}
		}
	}
	return true
}

// gitDir resolves --git-dir from d ("" when not given).
func (fc *fsChecker) gitDir(d, gitDir string) string {
	if gitDir == "" {
		return ""
	}
	r, err := fsguard.ResolveFrom(fc.root, d, gitDir)
	if err != nil {
		return filepath.Join(d, gitDir)
	}
	return r.Abs
}

// chdir follows a chain of -C directories from each of dirs; every step
// must stay inside the project.
func (fc *fsChecker) chdir(dirs, chain []string) ([]string, bool) {
	out := make([]string, 0, len(dirs))
	for _, d := range dirs {
		for _, c := range chain {
			r, err := fsguard.ResolveFrom(fc.root, d, c)
			if err != nil || !r.Inside {
				return nil, false
			}
			d = r.Abs
		}
		out = append(out, d)
	}
	return out, true
}

// words confirms that each word, read as a path from each directory,
// stays inside the project: the whole word, the pieces an option value or
// list may hide (see pieces), and what a glob may expand to.
func (fc *fsChecker) words(ws []word, dirs []string) bool {
	for _, w := range ws {
		for _, d := range dirs {
			for _, p := range pieces(w.text) {
				if p == "" || p == "-" || harmlessDevice(p) {
					continue
				}
				if !fc.inside(d, p) {
					return false
				}
			}
			if w.glob && !fc.globInside(d, w.text) {
				return false
			}
		}
	}
	return true
}

// inside reports whether p, from dir, resolves inside the project. Past
// maxResolves paths nothing is inside.
func (fc *fsChecker) inside(dir, p string) bool {
	key := [2]string{dir, p}
	if v, ok := fc.seen[key]; ok {
		return v
	}
	if fc.resolves++; fc.resolves > maxResolves {
		return false
	}
	abs, err := fsguard.ResolveBelow(dir, p)
	fc.seen[key] = err == nil && fsguard.Within(fc.realRoot, abs)
	return fc.seen[key]
}

// globInside expands a glob the way bash could — a superset: hidden
// entries included, and every entry of a directory for a segment with a
// bracket expression — and confirms every result stays inside the
// project. ** (recursive with globstar) is not followed: it fails.
func (fc *fsChecker) globInside(dir, pattern string) bool {
	if strings.Contains(pattern, "**") {
		return false
	}
	paths := []string{dir}
	for _, seg := range strings.Split(pattern, "/") {
		if seg == "" {
			continue
		}
		var next []string
		for _, p := range paths {
			if !strings.ContainsAny(seg, "*?[") {
				next = append(next, filepath.Join(p, seg))
				continue
			}
			if !fc.inside(dir, p) {
				return false
			}
			entries, err := os.ReadDir(p)
			if err != nil {
				continue
			}
			for _, e := range entries {
				if globMayMatch(seg, e.Name()) {
					next = append(next, filepath.Join(p, e.Name()))
				}
			}
			if len(next) > maxGlobPaths {
				return false
			}
		}
		paths = next
	}
	for _, p := range paths {
		if !fc.inside(dir, p) {
			return false
		}
	}
	return true
}

// markDashFree sets noDash on the globs that cannot expand to a name
// starting with "-" from any of dirs: `rm *.o` cannot grow options unless
// a file such as -rf.o exists.
func (fc *fsChecker) markDashFree(ws []word, dirs []string) {
	for i, w := range ws {
		if !w.glob || !strings.ContainsAny(w.text[:1], "*?[") {
			continue
		}
		first, _, _ := strings.Cut(w.text, "/")
		free := true
		for _, d := range dirs {
			entries, err := os.ReadDir(d)
			if err != nil || len(entries) > maxGlobPaths {
				free = false
				break
			}
			for _, e := range entries {
				if strings.HasPrefix(e.Name(), "-") && globMayMatch(first, e.Name()) {
					free = false
				}
			}
		}
		ws[i].noDash = free
	}
}

// globMayMatch reports whether bash may match name with the glob segment:
// path.Match decides patterns made of * and ?, whose meaning is the same
// (bash only also skips hidden names); any bracket expression matches
// everything.
func globMayMatch(seg, name string) bool {
	if strings.Contains(seg, "[") {
		return true
	}
	ok, err := path.Match(seg, name)
	return ok || err != nil
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
