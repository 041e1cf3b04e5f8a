package tools

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// viewMaxScan bounds the bytes one view call reads, so that a file made of
// one multi-gigabyte line still answers at once.
const viewMaxScan = 64 << 20

// excerpt is the part of a file one view call shows.
type excerpt struct {
	lines   []string // shown lines, each cut to viewMaxLineChars
	cut     int      // how many of them were cut
	more    bool     // lines remain after the excerpt
	total   int      // lines in the file, when the offset was past the end
	past    bool     // the offset was past the end
	stopped bool     // reading stopped at viewMaxScan
}

// readExcerpt skips offset lines of r and reads up to limit lines, keeping
// memory and time bounded for huge files and huge single lines.
func readExcerpt(ctx context.Context, r io.Reader, offset, limit int) (excerpt, error) {
	lr := newLineReader(r, 4*viewMaxLineChars)
	lr.budget = viewMaxScan
	var ex excerpt
	for i := range offset {
		if i%4096 == 0 && ctx.Err() != nil {
			return ex, ctx.Err()
		}
		ok, err := lr.skip()
		if errors.Is(err, errScanLimit) {
			ex.stopped = true
			return ex, nil
		}
		if err != nil {
			return ex, err
		}
		if !ok {
			ex.past, ex.total = true, i
			return ex, nil
		}
	}
	size := 0
	for len(ex.lines) < limit && size < viewMaxOutput {
		if len(ex.lines)%4096 == 0 && ctx.Err() != nil {
			return ex, ctx.Err()
		}
		line, readerCut, ok, err := lr.next()
		if err != nil && !errors.Is(err, errScanLimit) {
			return ex, err
		}
		if !ok {
			return ex, nil
		}
		line, runeCut := cutRunes(line, viewMaxLineChars)
		if readerCut || runeCut {
			ex.cut++
		}
		ex.lines = append(ex.lines, line)
		size += len(line) + 8
		if err != nil {
			ex.stopped = true
			return ex, nil
		}
	}
	ex.more = lr.more()
	return ex, nil
}

// render formats the excerpt for the model: numbered lines inside
// <file>…</file>, then notes on what was left out.
func (ex excerpt) render(offset int) string {
	if ex.past {
		return fmt.Sprintf("<file>\n</file>\nThe file has %d lines; offset %d is past its end.", ex.total, offset)
	}
	var b strings.Builder
	b.WriteString("<file>\n")
	for i, line := range ex.lines {
		fmt.Fprintf(&b, "%6d|%s\n", offset+i+1, line)
	}
	b.WriteString("</file>")
	if len(ex.lines) == 0 && offset == 0 && !ex.stopped {
		b.WriteString("\nThe file is empty.")
	}
	if ex.cut > 0 {
		fmt.Fprintf(&b, "\n%d line(s) longer than %d characters were cut.", ex.cut, viewMaxLineChars)
	}
	if ex.stopped {
		fmt.Fprintf(&b, "\nReading stopped after %d MB because of extremely long lines; view cannot show the rest of this file. Try grep or bash (head -c, cut) instead.", viewMaxScan>>20)
	}
	if ex.more {
		fmt.Fprintf(&b, "\nThe file has more lines. Use offset=%d to read further.", offset+len(ex.lines))
	}
	return b.String()
}
