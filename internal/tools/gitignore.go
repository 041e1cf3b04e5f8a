package tools

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"

	"github.com/honecode/hone/internal/tools/ignore"
)

// walkTree calls fn for every entry below root (not root itself) in
// lexical order, the way the search tools see a project: .git is skipped,
// .gitignore'd entries are skipped, symbolic links are reported but never
// followed, unreadable directories are skipped. fn may return
// filepath.SkipDir or filepath.SkipAll.
func walkTree(ctx context.Context, root string, fn func(abs string, d fs.DirEntry) error) error {
	// open holds the ignore chains of the directories from root down to
	// the one being listed.
	type level struct {
		dir string
		ign *ignore.Chain
	}
	open := []level{{dir: root, ign: ignore.RootChain(root)}}
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
		for parent := filepath.Dir(abs); len(open) > 1 && open[len(open)-1].dir != parent; {
			open = open[:len(open)-1]
		}
		ign := open[len(open)-1].ign
		if d.IsDir() && d.Name() == ".git" || ign.Ignored(abs, d.IsDir()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			open = append(open, level{dir: abs, ign: ign.With(abs)})
		}
		return fn(abs, d)
	})
	if errors.Is(err, filepath.SkipAll) {
		return nil
	}
	return err
}
