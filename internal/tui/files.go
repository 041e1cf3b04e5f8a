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
	// The chain inside each directory walked: the project's .gitignore
	// files from root down (a nil chain is the empty one).
	chains := map[string]*ignore.Chain{root: (*ignore.Chain)(nil).With(root)}
	var files []string
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == root {
			return nil // unreadable entries are skipped
		}
		rel, relErr := filepath.Rel(root, path)
		if relErr != nil {
			return nil
		}
		chain := chains[filepath.Dir(path)]
		if d.IsDir() {
			if skippedDir(d.Name()) || chain.Ignored(path, true) {
				return filepath.SkipDir
			}
			chains[path] = chain.With(path)
			return nil
		}
		if chain.Ignored(path, false) {
			return nil
		}
		files = append(files, filepath.ToSlash(rel))
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
