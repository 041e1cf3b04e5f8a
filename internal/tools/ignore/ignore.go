// Package ignore matches paths against the patterns of one .gitignore
// file with git's rules (gitignore(5)): comments and blank lines, escapes,
// trailing spaces, negation with "!", directory-only patterns ending in
// "/", patterns anchored to the file's directory by a "/" at their start
// or middle, and "*", "?", "[...]" and "**" wildcards.
//
// Most patterns met in practice are a literal name, "*.ext" or "name*";
// those are compared as strings, and only the rest go through a wildcard
// matcher, so matching an entry costs a few string comparisons.
package ignore

import (
	"bytes"
	"fmt"
	"os"
)

// File is the compiled patterns of one ignore file. A File never
// changes once made, so goroutines may share it.
type File struct {
	rules []rule
}

// Read compiles the ignore file at path.
func Read(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read ignore file %s: %w", path, err)
	}
	return Parse(data), nil
}

// Parse compiles the lines of an ignore file. A line that is not a
// valid pattern is skipped, as git skips it.
func Parse(data []byte) *File {
	f := &File{}
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if r, ok := compile(string(bytes.TrimSuffix(line, []byte("\r")))); ok {
			f.rules = append(f.rules, r)
		}
	}
	return f
}

// Empty reports whether the file has no patterns.
func (f *File) Empty() bool { return f == nil || len(f.rules) == 0 }

// Match reports whether one of the file's patterns matches rel, a path
// relative to the file's directory with "/" separators (a directory when
// isDir), and if so whether the last such pattern ignores it (false: a
// "!" pattern re-includes it). The caller asks for every directory on the
// way down first: like git, Match does not look at rel's parents.
func (f *File) Match(rel string, isDir bool) (matched, ignored bool) {
	if f == nil {
		return false, false
	}
	base := rel
	for i := len(rel) - 1; i >= 0; i-- {
		if rel[i] == '/' {
			base = rel[i+1:]
			break
		}
	}
	for i := len(f.rules) - 1; i >= 0; i-- {
		r := &f.rules[i]
		if r.dirOnly && !isDir {
			continue
		}
		subject := base
		if r.anchored {
			subject = rel
		}
		if r.match(subject) {
			return true, !r.negate
		}
	}
	return false, false
}
