package config

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/honecode/hone/internal/projectfiles"
	"github.com/honecode/hone/internal/trust"
)

// maxExtensionFiles bounds the files hashed per extension folder.
const maxExtensionFiles = 2000

// extensionKinds are the folders of definitions Hone reads inside each
// projectfiles.ExtensionDirs folder.
func extensionKinds() []string { return []string{"skills", "commands", "agents"} }

// extensionParts are the project's own skills, commands, agents and
// Claude Code hooks as parts that need trust, like executable config:
// each folder with a hash of every file in it, and the hooks of the
// project's .claude settings files. A change to any of them makes the
// project untrusted again.
func extensionParts(projectDir string) []trust.Part {
	var parts []trust.Part
	for _, dir := range projectfiles.ExtensionDirs() {
		for _, kind := range extensionKinds() {
			rel := dir + "/" + kind
			if p, ok := folderPart(filepath.Join(projectDir, dir, kind), rel, kind); ok {
				parts = append(parts, p)
			}
		}
	}
	for _, file := range claudeProjectSettings(projectDir) {
		if _, raw, _ := readClaudeHooks(file); raw != nil {
			rel, _ := filepath.Rel(projectDir, file)
			parts = append(parts, trust.Part{Path: filepath.ToSlash(rel) + "#hooks", Summary: trust.Printable(hooksSummary(raw)), Value: raw})
		}
	}
	return parts
}

// folderPart hashes the files of one definitions folder; ok is false
// when it does not exist or holds no file.
func folderPart(root, rel, kind string) (trust.Part, bool) {
	fi, err := os.Stat(root)
	if err != nil || !fi.IsDir() {
		return trust.Part{}, false
	}
	sums := map[string]any{}
	_ = filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil || len(sums) >= maxExtensionFiles {
			return fs.SkipDir
		}
		if e.Type().IsRegular() || e.Type()&fs.ModeSymlink != 0 {
			name, _ := filepath.Rel(root, path)
			sums[filepath.ToSlash(name)] = fileSum(path)
		}
		return nil
	})
	if len(sums) == 0 {
		return trust.Part{}, false
	}
	return trust.Part{Path: rel, Summary: trust.Printable(folderSummary(kind, sums)), Value: sums}, true
}

// fileSum is the SHA-256 of a file's content (of its target, for a link),
// or why it could not be read.
func fileSum(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return "unreadable"
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return "not a regular file"
	}
	h := sha256.New()
	if _, err := io.Copy(h, io.LimitReader(f, 16<<20)); err != nil {
		return "unreadable"
	}
	return hex.EncodeToString(h.Sum(nil))
}

// folderSummary names what a folder gives the model: "skills: a, b (5
// files)".
func folderSummary(kind string, sums map[string]any) string {
	names := map[string]bool{}
	for rel := range sums {
		first, _, _ := strings.Cut(rel, "/")
		if kind != "skills" {
			first = rel
		}
		names[strings.TrimSuffix(first, ".md")] = true
	}
	list := make([]string, 0, len(names))
	for n := range names {
		list = append(list, n)
	}
	sort.Strings(list)
	if len(list) > 8 {
		list = append(list[:8], fmt.Sprintf("and %d more", len(names)-8))
	}
	return fmt.Sprintf("%s given to the model: %s (%d files)", kind, strings.Join(list, ", "), len(sums))
}
