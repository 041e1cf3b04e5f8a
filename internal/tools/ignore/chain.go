package ignore

import (
	"os"
	"path/filepath"
)

// Chain is the .gitignore files that apply inside one directory:
// the nearest first, then those of the directories above it, up to the
// repository top (the first directory holding .git) or the file system
// root. Directories without a .gitignore add no link; a nil *Chain is the
// empty chain. Chains are never changed once made, so parallel walkers
// share them freely.
type Chain struct {
	dir    string
	file   *File
	parent *Chain
}

// RootChain is the chain inside root: the .gitignore files of root and
// of its parents up to the repository top.
func RootChain(root string) *Chain {
	var dirs []string
	for dir := root; ; dir = filepath.Dir(dir) {
		dirs = append(dirs, dir)
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil || dir == filepath.Dir(dir) {
			break
		}
	}
	var c *Chain
	for i := len(dirs) - 1; i >= 0; i-- {
		c = c.With(dirs[i])
	}
	return c
}

// With is the chain inside dir, a directory below c's, after reading
// dir/.gitignore: c itself when dir has none (or no patterns).
func (c *Chain) With(dir string) *Chain {
	f, err := Read(filepath.Join(dir, ".gitignore"))
	if err != nil || f.Empty() {
		return c
	}
	return &Chain{dir: dir, file: f, parent: c}
}

// Ignored reports whether abs, an entry inside c's directory (a
// directory when isDir), is ignored. As in git, the nearest .gitignore
// with a matching pattern decides, and its last matching pattern wins.
func (c *Chain) Ignored(abs string, isDir bool) bool {
	for n := c; n != nil; n = n.parent {
		rel, ok := Below(n.dir, abs)
		if !ok {
			continue
		}
		if matched, ign := n.file.Match(filepath.ToSlash(rel), isDir); matched {
			return ign
		}
	}
	return false
}

// Below is abs relative to dir, without allocating, when abs lies below
// dir.
func Below(dir, abs string) (string, bool) {
	if len(abs) <= len(dir) || abs[:len(dir)] != dir {
		return "", false
	}
	if dir[len(dir)-1] == filepath.Separator {
		return abs[len(dir):], true
	}
	if abs[len(dir)] != filepath.Separator {
		return "", false
	}
	return abs[len(dir)+1:], true
}
