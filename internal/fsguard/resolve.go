package fsguard

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// maxLinks bounds the symbolic links followed while resolving one path, as
// the kernel's ELOOP limit does.
const maxLinks = 40

// Errors returned by this package.
var (
	// ErrInvalidPath is returned for paths that cannot name a file (NUL bytes).
	ErrInvalidPath = errors.New("invalid path")
	// ErrTooManyLinks is returned when resolving meets a symlink loop.
	ErrTooManyLinks = errors.New("too many levels of symbolic links")
)

// Resolved is a path judged against a project root.
type Resolved struct {
	// Abs is the absolute, clean path with every symbolic link of its
	// existing part resolved. Components that do not exist yet are kept
	// as written (after cleaning).
	Abs string
	// Rel is Abs relative to the real root ("." for the root itself); empty
	// when Abs is outside the root.
	Rel string
	// Inside reports whether Abs lies within the real root.
	Inside bool
}

// Resolve judges path against root, resolving a relative path against root
// itself. See ResolveFrom.
func Resolve(root, path string) (Resolved, error) {
	return ResolveFrom(root, root, path)
}

// ResolveFrom judges path against root, resolving a relative path against
// base (a directory, itself relative to root when not absolute). An empty
// path means base. A leading "~" or "~/" names the home directory.
func ResolveFrom(root, base, path string) (Resolved, error) {
	if strings.ContainsRune(root+base+path, 0) {
		return Resolved{}, fmt.Errorf("resolve %q: %w", path, ErrInvalidPath)
	}
	rootAbs, err := filepath.Abs(root)
	if err != nil {
		return Resolved{}, fmt.Errorf("resolve root %s: %w", root, err)
	}
	rootReal, err := realPath(rootAbs)
	if err != nil {
		return Resolved{}, fmt.Errorf("resolve root %s: %w", root, err)
	}
	if !filepath.IsAbs(base) {
		base = rootAbs + string(filepath.Separator) + base
	}
	full, err := absolute(base, path)
	if err != nil {
		return Resolved{}, err
	}
	abs, err := realPath(full)
	if err != nil {
		return Resolved{}, fmt.Errorf("resolve %s: %w", path, err)
	}
	r := Resolved{Abs: abs, Inside: Within(rootReal, abs)}
	if r.Inside {
		r.Rel, _ = filepath.Rel(rootReal, abs)
	}
	return r, nil
}

// Within reports whether path equals root or lies below it. Both must be
// clean absolute paths; no symlinks are resolved.
func Within(root, path string) bool {
	if root == string(filepath.Separator) {
		return filepath.IsAbs(path)
	}
	return path == root || strings.HasPrefix(path, root+string(filepath.Separator))
}

// absolute joins path onto base without cleaning, so that ".." after a
// symlink is resolved against the link's target, as the kernel does.
func absolute(base, path string) (string, error) {
	if path == "~" || strings.HasPrefix(path, "~/") {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("resolve %s: %w", path, err)
		}
		return home + path[1:], nil
	}
	if path == "" {
		return base, nil
	}
	if filepath.IsAbs(path) {
		return path, nil
	}
	return base + string(filepath.Separator) + path, nil
}

// realPath walks the absolute path p component by component, following
// symbolic links. Once a component does not exist, the rest is appended
// lexically (nothing below a missing name can be a link).
func realPath(p string) (string, error) {
	return realPathFrom(string(filepath.Separator), p)
}

// ResolveBelow returns the real absolute path of path read from base, a
// directory that is already real (absolute, clean, free of symbolic links,
// as Resolved.Abs is): only the components of path are walked, which
// saves re-resolving base for each of many paths. An absolute path or a
// "~" path is resolved from the root.
func ResolveBelow(base, path string) (string, error) {
	if strings.ContainsRune(base+path, 0) {
		return "", fmt.Errorf("resolve %q: %w", path, ErrInvalidPath)
	}
	if filepath.IsAbs(path) || path == "~" || strings.HasPrefix(path, "~/") {
		full, err := absolute(base, path)
		if err != nil {
			return "", err
		}
		return realPath(full)
	}
	return realPathFrom(base, path)
}

// realPathFrom walks rest below resolved, a real directory.
func realPathFrom(resolved, rest string) (string, error) {
	links, missing := 0, 0 // missing: components appended below a missing name
	for rest != "" {
		var comp string
		comp, rest = splitFirst(rest)
		switch comp {
		case "", ".":
			continue
		case "..":
			resolved = filepath.Dir(resolved)
			if missing > 0 {
				missing--
			}
			continue
		}
		next := filepath.Join(resolved, comp)
		if missing > 0 {
			resolved, missing = next, missing+1
			continue
		}
		fi, err := os.Lstat(next)
		switch {
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
			resolved, missing = next, 1
			continue
		case err != nil:
			return "", fmt.Errorf("stat %s: %w", next, err)
		case fi.Mode()&fs.ModeSymlink == 0:
			resolved = next
			continue
		}
		if links++; links > maxLinks {
			return "", ErrTooManyLinks
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", fmt.Errorf("read link %s: %w", next, err)
		}
		if filepath.IsAbs(target) {
			resolved = string(filepath.Separator)
		}
		rest = target + string(filepath.Separator) + rest
	}
	return resolved, nil
}

// splitFirst splits p into its first component and the remainder.
func splitFirst(p string) (first, rest string) {
	p = strings.TrimLeft(p, string(filepath.Separator))
	if i := strings.IndexRune(p, filepath.Separator); i >= 0 {
		return p[:i], p[i+1:]
	}
	return p, ""
}
