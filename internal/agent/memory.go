package agent

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// memoryFileNames are the project instruction files read from the working
// directory, in this order.
func memoryFileNames() []string {
	return []string{"AGENTS.md", "HONE.md", "CLAUDE.md", "CRUSH.md", ".cursorrules"}
}

// readMemory renders the project's memory files and the configured context
// paths (files, or directories whose files are read) for the system
// prompt. Each file is capped at limit/2 bytes and the whole at limit; a
// file seen twice (a symlink, a case-insensitive name) is read once.
func readMemory(workDir string, extra []string, limit int) string {
	var files []string
	for _, n := range memoryFileNames() {
		files = append(files, filepath.Join(workDir, n))
	}
	for _, p := range extra {
		if !filepath.IsAbs(p) {
			p = filepath.Join(workDir, p)
		}
		files = append(files, expandDir(p)...)
	}
	var b strings.Builder
	var seen []os.FileInfo
	left := limit
	for _, f := range files {
		fi, err := os.Stat(f)
		if err != nil || !fi.Mode().IsRegular() || sameAsAny(fi, seen) || left <= 0 {
			continue
		}
		seen = append(seen, fi)
		data, err := os.ReadFile(f)
		if err != nil || len(strings.TrimSpace(string(data))) == 0 {
			continue
		}
		text := capText(string(data), min(limit/2, left))
		left -= len(text)
		fmt.Fprintf(&b, "\n## %s\n\n%s\n", displayPath(workDir, f), strings.TrimSpace(text))
	}
	if b.Len() == 0 {
		return ""
	}
	return "\n# Project instructions\n\nThe project keeps these instructions for agents. Follow them; the user's requests take precedence when they conflict.\n" + b.String()
}

// expandDir returns p, or the regular files directly in p when it is a
// directory, sorted.
func expandDir(p string) []string {
	entries, err := os.ReadDir(p)
	if err != nil {
		return []string{p}
	}
	var out []string
	for _, e := range entries {
		if e.Type().IsRegular() {
			out = append(out, filepath.Join(p, e.Name()))
		}
	}
	sort.Strings(out)
	return out
}

func sameAsAny(fi os.FileInfo, seen []os.FileInfo) bool {
	for _, s := range seen {
		if os.SameFile(fi, s) {
			return true
		}
	}
	return false
}

// capText cuts s to n bytes with a note.
func capText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return cutUTF8(s, n) + "\n[… truncated: the file is longer than the size limit for instructions]"
}

func displayPath(workDir, p string) string {
	if rel, err := filepath.Rel(workDir, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}
