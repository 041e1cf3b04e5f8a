package tools

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/honecode/hone/internal/tools/ignore"
)

// walkWorkers is how many goroutines a parallel walk reads with.
func walkWorkers() int { return max(2, runtime.GOMAXPROCS(0)*2) }

// walkTreeParallel calls fn for the same entries as walkTree, with
// workers goroutines at once and in no particular order: fn must be safe
// for concurrent use and cannot stop the walk. worker, below workers,
// names the goroutine calling, so that fn can gather into one place per
// worker without a lock (the caller sizes those places with the same
// number: GOMAXPROCS may change between two reads of it). Directories
// wait in one queue, so memory grows with the widest level of the tree,
// not with the number of goroutines.
func walkTreeParallel(ctx context.Context, root string, workers int, fn func(worker int, abs string, e walkEntry)) error {
	w := &parallelWalk{ctx: ctx, root: root, fn: fn, queue: []walkDir{{dir: root, ign: ignore.RootChain(root), loaded: true}}, pending: 1}
	w.cond = sync.NewCond(&w.mu)
	var wg sync.WaitGroup
	for worker := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.work(worker)
		}()
	}
	wg.Wait()
	return ctx.Err()
}

// walkDir is a directory waiting to be read, with the ignore chain of
// its parent (or its own, once loaded).
type walkDir struct {
	dir    string
	ign    *ignore.Chain
	loaded bool // ign already holds dir's own .gitignore
}

type parallelWalk struct {
	ctx     context.Context
	root    string
	fn      func(worker int, abs string, e walkEntry)
	mu      sync.Mutex
	cond    *sync.Cond
	queue   []walkDir
	pending int // directories queued or being read
}

// work reads queued directories until none is left or waiting.
func (w *parallelWalk) work(worker int) {
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
		found := w.read(worker, next)
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
func (w *parallelWalk) read(worker int, wd walkDir) []walkDir {
	if w.ctx.Err() != nil {
		return nil
	}
	f, err := os.Open(wd.dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	entries, err := f.ReadDir(-1)
	if err != nil && wd.dir != w.root { // as walkTree: the root's readable entries still count
		return nil
	}
	fd := int(f.Fd())
	ign := wd.ign
	if !wd.loaded && hasIgnoreFile(entries) {
		ign = ign.With(wd.dir)
	}
	prefix := wd.dir
	if !strings.HasSuffix(prefix, string(filepath.Separator)) {
		prefix += string(filepath.Separator)
	}
	var dirs []walkDir
	for _, d := range entries {
		abs := prefix + d.Name() // wd.dir is clean: no need to Join
		if d.IsDir() && d.Name() == ".git" || ign.Ignored(abs, d.IsDir()) {
			continue
		}
		if d.IsDir() {
			dirs = append(dirs, walkDir{dir: abs, ign: ign})
		}
		w.fn(worker, abs, walkEntry{DirEntry: d, dirFD: fd})
	}
	return dirs
}

// hasIgnoreFile reports whether a directory's entries hold a .gitignore
// that is not a directory.
func hasIgnoreFile(entries []fs.DirEntry) bool {
	for _, d := range entries {
		if d.Name() == ".gitignore" && !d.IsDir() {
			return true
		}
	}
	return false
}
