package tools

import (
	"os"
	"path/filepath"

	"github.com/honecode/hone/internal/tools/ignore"
)

// ignoreChain is the .gitignore files that apply inside one directory:
// the nearest first, then those of the directories above it, up to the
// repository top (the first directory holding .git) or the file system
// root. Directories without a .gitignore add no link. Chains are never
// changed once made, so parallel walkers share them freely.
type ignoreChain struct {
	dir    string
	file   *ignore.File
	parent *ignoreChain
}

// rootChain is the chain inside root: the .gitignore files of root and
// of its parents up to the repository top.
func rootChain(root string) *ignoreChain {
	var dirs []string
	for dir := root; ; dir = filepath.Dir(dir) {
		dirs = append(dirs, dir)
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil || dir == filepath.Dir(dir) {
			break
		}
	}
	var c *ignoreChain
	for i := len(dirs) - 1; i >= 0; i-- {
		c = c.with(dirs[i])
	}
	return c
}

// with is the chain inside dir, a directory below c's, after reading
// dir/.gitignore: c itself when dir has none (or no patterns).
func (c *ignoreChain) with(dir string) *ignoreChain {
	f, err := ignore.Read(filepath.Join(dir, ".gitignore"))
	if err != nil || f.Empty() {
		return c
	}
	return &ignoreChain{dir: dir, file: f, parent: c}
}

// ignored reports whether abs, an entry inside c's directory (a
// directory when isDir), is ignored. As in git, the nearest .gitignore
// with a matching pattern decides, and its last matching pattern wins.
func (c *ignoreChain) ignored(abs string, isDir bool) bool {
	for n := c; n != nil; n = n.parent {
		rel, ok := below(n.dir, abs)
		if !ok {
			continue
		}
		if matched, ign := n.file.Match(filepath.ToSlash(rel), isDir); matched {
			return ign
		}
	}
	return false
}

// below is abs relative to dir, without allocating, when abs lies below
// dir.
func below(dir, abs string) (string, bool) {
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
