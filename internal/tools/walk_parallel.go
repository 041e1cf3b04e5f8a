package tools

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	ignore "github.com/sabhiram/go-gitignore"
)

// ignoreChain is the .gitignore files that apply inside one directory:
// its own, then its parents' up to the top walkTree consults. Chains are
// never changed once made, so parallel walkers share them freely.
type ignoreChain struct {
	dir    string
	gi     *ignore.GitIgnore // nil: dir has no .gitignore
	parent *ignoreChain
}

// rootChain is the chain of root: the .gitignore files of root and its
// ancestors up to the repository top, as newGitignores loads them.
func rootChain(root string) *ignoreChain {
	g := newGitignores(root)
	var dirs []string
	for dir := root; ; dir = filepath.Dir(dir) {
		dirs = append(dirs, dir)
		if dir == g.top || dir == filepath.Dir(dir) {
			break
		}
	}
	var c *ignoreChain
	for i := len(dirs) - 1; i >= 0; i-- {
		c = &ignoreChain{dir: dirs[i], gi: g.byDir[dirs[i]], parent: c}
	}
	return c
}

// child is the chain inside dir, a directory below c's.
func (c *ignoreChain) child(dir string) *ignoreChain {
	gi, err := ignore.CompileIgnoreFile(filepath.Join(dir, ".gitignore"))
	if err != nil {
		gi = nil
	}
	return &ignoreChain{dir: dir, gi: gi, parent: c}
}

// ignored reports whether abs, an entry of c's directory (a directory
// when isDir), is ignored: the same answer as gitignores.ignored.
func (c *ignoreChain) ignored(abs string, isDir bool) bool {
	for n := c; n != nil; n = n.parent {
		if n.gi == nil {
			continue
		}
		rel, err := filepath.Rel(n.dir, abs)
		if err != nil {
			continue
		}
		if isDir {
			rel += "/"
		}
		if n.gi.MatchesPath(filepath.ToSlash(rel)) {
			return true
		}
	}
	return false
}

// walkTreeParallel calls fn for the same entries as walkTree, with
// several goroutines at once and in no particular order: fn must be safe
// for concurrent use and cannot stop the walk. Directories wait in one
// queue, so memory grows with the widest level of the tree, not with the
// number of goroutines.
func walkTreeParallel(ctx context.Context, root string, fn func(abs string, d fs.DirEntry)) error {
	w := &parallelWalk{ctx: ctx, root: root, fn: fn, queue: []walkDir{{dir: root, ign: rootChain(root)}}, pending: 1}
	w.cond = sync.NewCond(&w.mu)
	var wg sync.WaitGroup
	for range max(2, runtime.GOMAXPROCS(0)*2) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.work()
		}()
	}
	wg.Wait()
	return ctx.Err()
}

// walkDir is a directory waiting to be read, with its ignore chain.
type walkDir struct {
	dir string
	ign *ignoreChain
}

type parallelWalk struct {
	ctx     context.Context
	root    string
	fn      func(abs string, d fs.DirEntry)
	mu      sync.Mutex
	cond    *sync.Cond
	queue   []walkDir
	pending int // directories queued or being read
}

// work reads queued directories until none is left or waiting.
func (w *parallelWalk) work() {
	for {
		w.mu.Lock()
		for len(w.queue) == 0 && w.pending > 0 {
			w.cond.Wait()
		}
		if w.pending == 0 {
			w.mu.Unlock()
			w.cond.Broadcast()
			return
		}
		next := w.queue[len(w.queue)-1]
		w.queue = w.queue[:len(w.queue)-1]
		w.mu.Unlock()
		found := w.read(next)
		w.mu.Lock()
		w.queue = append(w.queue, found...)
		w.pending += len(found) - 1
		w.mu.Unlock()
		w.cond.Broadcast()
	}
}

// read lists one directory: entries go to fn, subdirectories come back
// to be queued. A directory that cannot be read whole is skipped, as
// walkTree does.
func (w *parallelWalk) read(wd walkDir) []walkDir {
	if w.ctx.Err() != nil {
		return nil
	}
	f, err := os.Open(wd.dir)
	if err != nil {
		return nil
	}
	entries, err := f.ReadDir(-1)
	f.Close()
	if err != nil && wd.dir != w.root { // as walkTree: the root's readable entries still count
		return nil
	}
	var dirs []walkDir
	for _, d := range entries {
		abs := filepath.Join(wd.dir, d.Name())
		if d.IsDir() && d.Name() == ".git" || wd.ign.ignored(abs, d.IsDir()) {
			continue
		}
		if d.IsDir() {
			dirs = append(dirs, walkDir{dir: abs, ign: wd.ign.child(abs)})
		}
		w.fn(abs, d)
	}
	return dirs
}
