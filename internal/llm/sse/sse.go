// Package sse reads a text/event-stream body event by event, reusing its
// buffers: an event's data is valid until the next call to Next, so a
// stream of thousands of small chunks allocates next to nothing. It reads
// the stream the way the SDKs' decoders do (lines end at "\n", a trailing
// "\r" is dropped; "event" and "data" fields; comments and other fields
// ignored; an event without data is not dispatched; an unterminated event
// at the end is dropped).
package sse

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// MaxLine is the longest line accepted, as in the SDKs' decoders.
const MaxLine = 32 << 20

// ErrLineTooLong is the error of a line longer than MaxLine.
var ErrLineTooLong = errors.New("sse: line too long")

// Reader reads events from an event stream.
type Reader struct {
	r    *bufio.Reader
	line []byte // a line longer than the read buffer, assembled
	data []byte
	typ  []byte
	name string // typ as a string, kept while it does not change
	err  error
}

// NewReader returns a Reader of body.
func NewReader(body io.Reader) *Reader {
	return &Reader{r: bufio.NewReaderSize(body, 64<<10)}
}

// Next reads the next event; false at the end of the stream or on a read
// error (see Err).
func (r *Reader) Next() bool {
	r.data = r.data[:0]
	r.typ = r.typ[:0]
	for r.err == nil {
		line, err := r.readLine()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				r.err = err
				return false
			}
			if len(line) == 0 {
				return false
			}
			r.err = io.EOF
		}
		if len(line) == 0 {
			if len(r.data) > 0 {
				return true
			}
			r.typ = r.typ[:0]
			continue
		}
		r.field(line)
	}
	return false
}

// field applies one non-empty line.
func (r *Reader) field(line []byte) {
	name, value, _ := bytes.Cut(line, []byte(":"))
	if len(value) > 0 && value[0] == ' ' {
		value = value[1:]
	}
	switch string(name) {
	case "event":
		r.typ = append(r.typ[:0], value...)
	case "data":
		r.data = append(r.data, value...)
		r.data = append(r.data, '\n')
	}
}

// readLine returns the next line without its end; io.EOF comes with the
// last, unterminated line (possibly empty).
func (r *Reader) readLine() ([]byte, error) {
	line, err := r.r.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		r.line = append(r.line[:0], line...)
		for errors.Is(err, bufio.ErrBufferFull) {
			line, err = r.r.ReadSlice('\n')
			if len(r.line)+len(line) > MaxLine {
				return nil, ErrLineTooLong
			}
			r.line = append(r.line, line...)
		}
		line = r.line
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	line = bytes.TrimSuffix(line, []byte("\n"))
	return bytes.TrimSuffix(line, []byte("\r")), err
}

// Type is the current event's type ("" if it had no event field).
func (r *Reader) Type() string {
	if string(r.typ) != r.name {
		r.name = string(r.typ)
	}
	return r.name
}

// Data is the current event's data: each data line followed by "\n".
// It is valid until the next call to Next.
func (r *Reader) Data() []byte { return r.data }

// Err is the read error that ended the stream, nil at its normal end.
func (r *Reader) Err() error {
	if errors.Is(r.err, io.EOF) {
		return nil
	}
	return r.err
}
