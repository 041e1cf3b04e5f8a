package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
)

// stripComments returns a copy of src with // and /* */ comments outside
// strings blanked out (newlines kept), so byte offsets and line numbers
// still point into the original text. An unterminated block comment is
// reported by its offset; otherwise the offset is -1.
func stripComments(src []byte) ([]byte, int) {
	out := bytes.Clone(src)
	inString := false
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == '/' && i+1 < len(out) && out[i+1] == '/':
			for ; i < len(out) && out[i] != '\n'; i++ {
				out[i] = ' '
			}
		case c == '/' && i+1 < len(out) && out[i+1] == '*':
			end := bytes.Index(out[i+2:], []byte("*/"))
			if end < 0 {
				return out, i
			}
			blank(out[i : i+2+end+2])
			i += 2 + end + 1
		}
	}
	return out, -1
}

func blank(b []byte) {
	for i, c := range b {
		if c != '\n' && c != '\r' {
			b[i] = ' '
		}
	}
}

// checkSyntax reports the first syntax error of the comment-free JSON text
// src as a diagnostic, or nil when src is valid.
func checkSyntax(file string, src []byte) *Diagnostic {
	var v any
	err := json.Unmarshal(src, &v)
	var se *json.SyntaxError
	if err == nil || !errors.As(err, &se) {
		return nil
	}
	off := int(se.Offset)
	msg := se.Error()
	if strings.HasPrefix(msg, "invalid character") {
		off-- // Offset counts the offending byte itself
	}
	if msg == "unexpected end of JSON input" {
		msg = "unexpected end of file"
	}
	if off < len(src) && (src[off] == '}' || src[off] == ']') {
		if c := lastNonSpace(src[:off]); c >= 0 && src[c] == ',' {
			off, msg = c, "trailing comma"
		}
	}
	d := diagAt(file, src, off, "", msg, SeverityError)
	return &d
}

func lastNonSpace(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
		default:
			return i
		}
	}
	return -1
}

// diagAt builds a diagnostic positioned at byte offset off of src.
func diagAt(file string, src []byte, off int, path, msg string, sev Severity) Diagnostic {
	line, col := position(src, off)
	return Diagnostic{File: file, Line: line, Col: col, Path: path, Message: msg, Severity: sev}
}

// position converts a byte offset into a 1-based line and byte column.
func position(src []byte, off int) (line, col int) {
	off = min(max(off, 0), len(src))
	before := src[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	col = off - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}
