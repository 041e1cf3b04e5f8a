package agent

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"github.com/honecode/hone/internal/fsguard"
	"github.com/honecode/hone/internal/projectfiles"
)

// memoryFile is one instruction file to read. A confined file must stay
// inside the project once its symbolic links are resolved; the user's own
// files (the global instruction file, context paths the user's config
// names outside the project) are read where they point.
type memoryFile struct {
	path     string
	confined bool
}

// memoryReader reads instruction files for the system prompt.
type memoryReader struct {
	root, workDir string
	left, each    int
	seen          []os.FileInfo
	warnings      []string
}

// readMemory renders the user's global instruction file, the project's
// instruction files and the configured context paths (files, or
// directories whose files are read) for the system prompt, and returns
// warnings for files it skipped. Each file is capped at limit/2 bytes and
// the whole at limit; a file seen twice (a symlink, a case-insensitive
// name) is read once. Files of the project are read through fsguard: one
// that is a symbolic link leaving the project is skipped, so a repository
// cannot put /proc/self/environ or ~/.ssh into the prompt.
func readMemory(cfg Config) (string, []string) {
	root := cfg.ProjectDir
	if root == "" {
		root = cfg.WorkDir
	}
	r := &memoryReader{root: root, workDir: cfg.WorkDir, left: cfg.MemoryLimit, each: cfg.MemoryLimit / 2}
	var user, project strings.Builder
	if cfg.GlobalInstructions != "" {
		r.add(&user, memoryFile{path: cfg.GlobalInstructions}, cfg.GlobalInstructions)
	}
	for _, f := range r.files(cfg.ContextPaths) {
		r.add(&project, f, displayPath(cfg.WorkDir, f.path))
	}
	var out string
	if user.Len() > 0 {
		out += "\n# User instructions\n\nThe user keeps these instructions for every project. Follow them.\n" + user.String()
	}
	if project.Len() > 0 {
		out += "\n# Project instructions\n\nThe project keeps these instructions for agents. Follow them; the user's requests take precedence when they conflict.\n" + project.String()
	}
	return out, r.warnings
}

// files lists the instruction files of the working directory, then the
// context paths (a directory stands for the files directly inside it).
func (r *memoryReader) files(extra []string) []memoryFile {
	var out []memoryFile
	for _, n := range projectfiles.InstructionNames() {
		out = append(out, memoryFile{path: filepath.Join(r.workDir, n), confined: true})
	}
	for _, p := range extra {
		confined := r.lexicallyInside(p)
		if strings.HasPrefix(p, "~/") {
			if home, err := os.UserHomeDir(); err == nil {
				p = filepath.Join(home, p[2:])
			}
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(r.workDir, p)
		}
		if confined && r.leaves(p) {
			continue
		}
		for _, f := range expandDir(p) {
			out = append(out, memoryFile{path: f, confined: confined})
		}
	}
	return out
}

// lexicallyInside reports whether a context path, as written, names a
// place inside the project. Only such paths can come from an untrusted
// project's config, so only they are confined; a path outside was written
// by the user (or a project the user trusts).
func (r *memoryReader) lexicallyInside(p string) bool {
	if strings.HasPrefix(p, "~") {
		return false
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(r.workDir, p)
	}
	return fsguard.Within(filepath.Clean(r.root), filepath.Clean(p))
}

// leaves reports, with a warning, a confined context path whose real
// location is outside the project (a directory linked elsewhere).
func (r *memoryReader) leaves(p string) bool {
	res, err := fsguard.Resolve(r.root, p)
	if err != nil || res.Inside {
		return false
	}
	if _, err := os.Lstat(p); err == nil {
		r.skip(p, fmt.Errorf("%w (to %s)", errLeaves, res.Abs))
	}
	return true
}

// skip records why a file was left out.
func (r *memoryReader) skip(path string, err error) {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	r.warnings = append(r.warnings, fmt.Sprintf("instruction file %s skipped: %v", path, err))
}

// add reads one file into b under the heading name.
func (r *memoryReader) add(b *strings.Builder, f memoryFile, name string) {
	if r.left <= 0 {
		return
	}
	text, ok := r.read(f, min(r.each, r.left))
	if !ok || len(strings.TrimSpace(text)) == 0 {
		return
	}
	r.left -= len(text)
	fmt.Fprintf(b, "\n## %s\n\n%s\n", name, strings.TrimSpace(text))
}

// read returns up to n bytes of the file (with a note when cut); ok is
// false for a file that is missing, seen before, or skipped.
func (r *memoryReader) read(f memoryFile, n int) (string, bool) {
	file, err := r.open(f)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			r.skip(f.path, err)
		}
		return "", false
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil || sameAsAny(fi, r.seen) {
		return "", false
	}
	data, more, err := fsguard.ReadRegular(file, int64(n))
	if err != nil {
		r.skip(f.path, err)
		return "", false
	}
	r.seen = append(r.seen, fi)
	text := string(data)
	if more {
		text = cutUTF8(text, n) + "\n[… truncated: the file is longer than the size limit for instructions]"
	}
	return text, true
}

// errLeaves explains a confined file whose real location is elsewhere.
var errLeaves = errors.New("it is a symbolic link that leaves the project")

// open opens a file for reading without blocking on a named pipe; a
// confined file is resolved first and opened without following links.
func (r *memoryReader) open(f memoryFile) (*os.File, error) {
	if !f.confined {
		return os.OpenFile(f.path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	}
	if _, err := os.Lstat(f.path); err != nil {
		return nil, err
	}
	res, err := fsguard.Resolve(r.root, f.path)
	if err != nil {
		return nil, err
	}
	if !res.Inside {
		return nil, fmt.Errorf("%w (to %s)", errLeaves, res.Abs)
	}
	return fsguard.OpenRead(res.Abs)
}

// expandDir returns p, or the files and links directly in p when it is a
// directory, sorted.
func expandDir(p string) []string {
	entries, err := os.ReadDir(p)
	if err != nil {
		return []string{p}
	}
	var out []string
	for _, e := range entries {
		if e.Type().IsRegular() || e.Type()&fs.ModeSymlink != 0 {
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

func displayPath(workDir, p string) string {
	if rel, err := filepath.Rel(workDir, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}
