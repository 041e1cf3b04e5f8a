package tools

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"unicode/utf8"
)

// errScanLimit is returned once a lineReader has consumed its byte budget.
var errScanLimit = errors.New("scan limit reached")

// lineReader reads lines with bounded memory however long they are: only
// the first maxBytes of each line are kept and the rest is skipped. With a
// positive budget it also bounds the bytes consumed, and so the time spent,
// on pathological input such as a line of several gigabytes.
type lineReader struct {
	br       *bufio.Reader
	maxBytes int
	budget   int64 // 0: unlimited
	consumed int64
}

func newLineReader(r io.Reader, maxBytes int) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 64<<10), maxBytes: maxBytes}
}

// next returns the next line without its line ending, and whether bytes
// beyond maxBytes were dropped. ok is false at the end of input. When the
// budget runs out mid-line, the line so far is returned (cut) with
// errScanLimit.
func (lr *lineReader) next() (line string, cut, ok bool, err error) {
	var buf []byte
	total := 0
	for {
		chunk, err := lr.readChunk()
		total += len(chunk)
		if room := lr.maxBytes + 2 - len(buf); room > 0 { // +2: room for "\r\n"
			buf = append(buf, chunk[:min(room, len(chunk))]...)
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, errScanLimit):
			return trimEOL(buf), true, true, err
		case err != nil && !errors.Is(err, io.EOF):
			return "", false, false, err
		}
		return trimEOL(buf), total > lr.maxBytes+2, total > 0, nil
	}
}

// skip discards the next line; ok is false at the end of input.
func (lr *lineReader) skip() (ok bool, err error) {
	started := false
	for {
		chunk, err := lr.readChunk()
		started = started || len(chunk) > 0
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			return started, nil
		case err != nil:
			return false, err
		}
		return true, nil
	}
}

// readChunk reads up to the next newline or a buffer's worth, charging the
// budget.
func (lr *lineReader) readChunk() ([]byte, error) {
	if lr.budget > 0 && lr.consumed >= lr.budget {
		return nil, errScanLimit
	}
	chunk, err := lr.br.ReadSlice('\n')
	lr.consumed += int64(len(chunk))
	return chunk, err
}

// more reports whether any input remains.
func (lr *lineReader) more() bool {
	_, err := lr.br.Peek(1)
	return err == nil
}

func trimEOL(b []byte) string {
	s := string(b)
	s = strings.TrimSuffix(s, "\n")
	return strings.TrimSuffix(s, "\r")
}

// cutRunes shortens s to at most n runes, reporting whether it did, and
// replaces invalid UTF-8.
func cutRunes(s string, n int) (string, bool) {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if utf8.RuneCountInString(s) <= n {
		return s, false
	}
	i := 0
	for range n {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i], true
}
