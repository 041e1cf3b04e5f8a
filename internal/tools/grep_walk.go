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
// order and selection grepRipgrep documents. One buffer is reused for
// every file, so memory stays bounded by the largest file read whole.
func grepWalk(ctx context.Context, q grepQuery, c *grepCollector) error {
	fi, err := os.Stat(q.root)
	if err != nil {
		return err
	}
	var buf []byte
	if !fi.IsDir() { // an explicit file is searched whatever its name
		return grepFile(ctx, q, q.root, c, &buf)
	}
	return walkTree(ctx, q.root, func(abs string, d fs.DirEntry) error {
		if !d.Type().IsRegular() || !includes(q, abs) {
			return nil
		}
		if err := grepFile(ctx, q, abs, c, &buf); err != nil {
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

// grepWholeFileBytes is the largest file grepFile reads whole into its
// buffer; larger ones are read line by line.
const grepWholeFileBytes = 4 << 20

// grepFile hands the matching lines of file abs to c, skipping binary
// files (a NUL byte in the first 8 KiB). A file up to grepWholeFileBytes
// is read into *buf (kept for the next file) and its lines matched in
// place; only matching lines become strings.
func grepFile(ctx context.Context, q grepQuery, abs string, c *grepCollector, buf *[]byte) error {
	f, err := os.Open(abs)
	if err != nil {
		return nil // unreadable: skipped, as ripgrep does
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.Size() > grepWholeFileBytes {
		return grepStream(ctx, q, abs, f, c)
	}
	data, err := readWhole(f, buf, int(fi.Size()))
	if err != nil || bytes.IndexByte(data[:min(len(data), binarySniffBytes)], 0) >= 0 {
		return nil
	}
	const maxLine = 1 << 20 // as grepStream: longer lines are matched on their start
	for num := 1; len(data) > 0; num++ {
		if num%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		end := bytes.IndexByte(data, '\n') + 1
		if end == 0 {
			end = len(data)
		}
		line := data[:min(end, maxLine+2)]
		data = data[end:]
		line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
		if q.re.Match(line) && !c.add(grepMatch{path: abs, line: num, text: string(line)}) {
			return nil
		}
	}
	return nil
}

// readWhole reads the rest of f (about size bytes) into *buf, growing it
// as needed, and returns the bytes read: at most 2×grepWholeFileBytes of
// a file that grows while it is read.
func readWhole(f *os.File, buf *[]byte, size int) ([]byte, error) {
	b := (*buf)[:0]
	if cap(b) < size+1 {
		b = make([]byte, 0, size+512)
	}
	for {
		if len(b) >= 2*grepWholeFileBytes {
			*buf = b
			return b, nil
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := f.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			*buf = b
			return b, nil
		}
		if err != nil {
			*buf = b
			return nil, err
		}
	}
}

// grepStream hands the matching lines of the open file f to c, reading it
// line by line with bounded memory.
func grepStream(ctx context.Context, q grepQuery, abs string, f *os.File, c *grepCollector) error {
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
