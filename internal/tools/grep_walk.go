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

// grepWalk searches q without ripgrep and hands the matches to c, in the
// order and selection grepRipgrep documents.
func grepWalk(ctx context.Context, q grepQuery, c *grepCollector) error {
	fi, err := os.Stat(q.root)
	if err != nil {
		return err
	}
	if !fi.IsDir() { // an explicit file is searched whatever its name
		return grepFile(ctx, q, q.root, c)
	}
	return walkTree(ctx, q.root, func(abs string, d fs.DirEntry) error {
		if !d.Type().IsRegular() || !includes(q, abs) {
			return nil
		}
		if err := grepFile(ctx, q, abs, c); err != nil {
			return err
		}
		if c.done() {
			return filepath.SkipAll
		}
		return nil
	})
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

// grepFile hands the matching lines of file abs to c, skipping binary
// files (a NUL byte in the first 8 KiB).
func grepFile(ctx context.Context, q grepQuery, abs string, c *grepCollector) error {
	f, err := os.Open(abs)
	if err != nil {
		return nil // unreadable: skipped, as ripgrep does
	}
	defer f.Close()
	head := make([]byte, binarySniffBytes)
	n, _ := io.ReadFull(f, head)
	if bytes.IndexByte(head[:n], 0) >= 0 {
		return nil
	}
	lr := newLineReader(io.MultiReader(bytes.NewReader(head[:n]), f), 1<<20)
	for num := 1; ; num++ {
		if num%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		line, _, ok, err := lr.next()
		if err != nil || !ok {
			return nil
		}
		if q.re.MatchString(line) && !c.add(grepMatch{path: abs, line: num, text: line}) {
			return nil
		}
	}
}
