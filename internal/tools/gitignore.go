package tools

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	ignore "github.com/sabhiram/go-gitignore"
)

// gitignores answers whether a path is ignored by the .gitignore files of
// its directory and the directories above it, up to the repository top
// (the first directory holding .git) or the file system root.
type gitignores struct {
	byDir map[string]*ignore.GitIgnore // absolute dir -> its .gitignore
	top   string                       // highest directory consulted
}

// newGitignores loads the .gitignore files of root and its ancestors.
func newGitignores(root string) *gitignores {
	g := &gitignores{byDir: map[string]*ignore.GitIgnore{}}
	for dir := root; ; dir = filepath.Dir(dir) {
		g.load(dir)
		g.top = dir
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil || dir == filepath.Dir(dir) {
			break
		}
	}
	return g
}

// load reads dir/.gitignore, if any; call it when a walk enters dir.
func (g *gitignores) load(dir string) {
	if gi, err := ignore.CompileIgnoreFile(filepath.Join(dir, ".gitignore")); err == nil {
		g.byDir[dir] = gi
	}
}

// ignored reports whether abs (a directory when isDir) is ignored.
func (g *gitignores) ignored(abs string, isDir bool) bool {
	for dir := filepath.Dir(abs); ; dir = filepath.Dir(dir) {
		if gi := g.byDir[dir]; gi != nil {
			rel, err := filepath.Rel(dir, abs)
			if err == nil {
				if isDir {
					rel += "/"
				}
				if gi.MatchesPath(filepath.ToSlash(rel)) {
					return true
				}
			}
		}
		if dir == g.top || dir == filepath.Dir(dir) {
			return false
		}
	}
}

// walkTree calls fn for every entry below root (not root itself) in
// lexical order, the way the search tools see a project: .git is skipped,
// .gitignore'd entries are skipped, symbolic links are reported but never
// followed, unreadable directories are skipped. fn may return
// filepath.SkipDir or filepath.SkipAll.
func walkTree(ctx context.Context, root string, fn func(abs string, d fs.DirEntry) error) error {
	ign := newGitignores(root)
	n := 0
	err := filepath.WalkDir(root, func(abs string, d fs.DirEntry, err error) error {
		if n++; n%256 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			if d != nil && d.IsDir() && abs != root {
				return filepath.SkipDir
			}
			return nil
		}
		if abs == root {
			return nil
		}
		if d.IsDir() && d.Name() == ".git" || ign.ignored(abs, d.IsDir()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			ign.load(abs)
		}
		return fn(abs, d)
	})
	if errors.Is(err, filepath.SkipAll) {
		return nil
	}
	return err
}
