package tui

import (
	"errors"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	tea "charm.land/bubbletea/v2"
	ignore "github.com/sabhiram/go-gitignore"
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

// listFilesCmd lists the project's files for @ completion, honouring the
// root .gitignore.
func listFilesCmd(workDir string) tea.Cmd {
	return func() tea.Msg { return fileListMsg{files: listFiles(workDir)} }
}

func listFiles(root string) []string {
	gi, err := ignore.CompileIgnoreFile(filepath.Join(root, ".gitignore"))
	if err != nil {
		gi = ignore.CompileIgnoreLines()
	}
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
			if skippedDir(d.Name()) || gi.MatchesPath(rel+"/") {
				return filepath.SkipDir
			}
			return nil
		}
		if gi.MatchesPath(rel) {
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
