package tools

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// grepWalk searches q without ripgrep and returns up to limit matches, in
// the order and selection grepRipgrep documents.
func grepWalk(ctx context.Context, q grepQuery, limit int) ([]grepMatch, error) {
	fi, err := os.Stat(q.root)
	if err != nil {
		return nil, err
	}
	var matches []grepMatch
	if !fi.IsDir() { // an explicit file is searched whatever its name
		return grepFile(ctx, q, q.root, matches, limit)
	}
	err = walkTree(ctx, q.root, func(abs string, d fs.DirEntry) error {
		if !d.Type().IsRegular() || !includes(q, abs) {
			return nil
		}
		matches, err = grepFile(ctx, q, abs, matches, limit)
		if err != nil {
			return err
		}
		if len(matches) >= limit {
			return filepath.SkipAll
		}
		return nil
	})
	return matches, err
}

// includes applies the include glob: against the base name, or against
// the path relative to the search root when the glob holds a "/".
func includes(q grepQuery, abs string) bool {
	if q.include == "" {
		return true
	}
	name := filepath.Base(abs)
	if strings.Contains(q.include, "/") {
		rel, err := filepath.Rel(q.root, abs)
		if err != nil {
			return false
		}
		name = filepath.ToSlash(rel)
	}
	ok, _ := doublestar.Match(q.include, name)
	return ok
}

// grepFile appends the matching lines of file abs to matches, skipping
// binary files (a NUL byte in the first 8 KiB).
func grepFile(ctx context.Context, q grepQuery, abs string, matches []grepMatch, limit int) ([]grepMatch, error) {
	f, err := os.Open(abs)
	if err != nil {
		return matches, nil // unreadable: skipped, as ripgrep does
	}
	defer f.Close()
	head := make([]byte, binarySniffBytes)
	n, _ := io.ReadFull(f, head)
	if bytes.IndexByte(head[:n], 0) >= 0 {
		return matches, nil
	}
	lr := newLineReader(io.MultiReader(bytes.NewReader(head[:n]), f), 1<<20)
	for num := 1; len(matches) < limit; num++ {
		if num%4096 == 0 && ctx.Err() != nil {
			return matches, ctx.Err()
		}
		line, _, ok, err := lr.next()
		if err != nil || !ok {
			break
		}
		if q.re.MatchString(line) {
			matches = append(matches, grepMatch{path: abs, line: num, text: line})
		}
	}
	return matches, nil
}
