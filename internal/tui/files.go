package tui

import (
	"errors"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tools/ignore"
)

// maxListedFiles bounds the @ completion's file list.
const maxListedFiles = 20000

// errEnough stops the walk once the list is full.
var errEnough = errors.New("enough files")

// skippedDir reports directories never listed for completion.
func skippedDir(name string) bool {
	switch name {
	case ".git", "node_modules", ".hg", ".svn", "__pycache__", ".venv", ".idea", ".cache":
		return true
	}
	return false
}

// listFilesCmd lists the project's files for @ completion, honouring its
// .gitignore files with git's rules (as glob and grep do).
func listFilesCmd(workDir string) tea.Cmd {
	return func() tea.Msg { return fileListMsg{files: listFiles(workDir)} }
}

func listFiles(root string) []string {
	gi := ignores{}
	gi.load(root, "")
	var files []string
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable entries are skipped
		}
		rel, relErr := filepath.Rel(root, path)
		if relErr != nil || rel == "." {
			return nil
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if skippedDir(d.Name()) || gi.ignored(rel, true) {
				return filepath.SkipDir
			}
			gi.load(root, rel)
			return nil
		}
		if gi.ignored(rel, false) {
			return nil
		}
		files = append(files, rel)
		if len(files) >= maxListedFiles {
			return errEnough
		}
		return nil
	})
	sort.Slice(files, func(i, j int) bool {
		di, dj := strings.Count(files[i], "/"), strings.Count(files[j], "/")
		if di != dj {
			return di < dj
		}
		return files[i] < files[j]
	})
	return files
}

// ignores are the .gitignore files met on a walk, by the directory that
// holds them (relative to the root, "" for the root itself).
type ignores map[string]*ignore.File

// load reads the .gitignore of the directory rel, if it has one.
func (g ignores) load(root, rel string) {
	f, err := ignore.Read(filepath.Join(root, filepath.FromSlash(rel), ".gitignore"))
	if err == nil && !f.Empty() {
		g[rel] = f
	}
}

// ignored reports whether rel is ignored: as in git, the nearest
// .gitignore with a pattern that matches rel decides. The walk never
// enters an ignored directory, so rel's parents are not ignored.
func (g ignores) ignored(rel string, isDir bool) bool {
	dir := rel
	for dir != "" {
		dir = dir[:max(strings.LastIndexByte(dir, '/'), 0)]
		f := g[dir]
		if f == nil {
			continue
		}
		sub := rel
		if dir != "" {
			sub = rel[len(dir)+1:]
		}
		if matched, ignored := f.Match(sub, isDir); matched {
			return ignored
		}
	}
	return false
}
