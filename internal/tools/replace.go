package tools

import (
	"fmt"
	"strings"
)

// replaceString applies one edit to content: old must occur exactly once
// unless all is set. Line endings follow the file: in a CRLF file the
// strings are matched and inserted with CRLF. When old does not occur
// exactly, a whitespace-tolerant match is tried (see fuzzyReplace) and
// note says so. The error text is meant for the model.
func replaceString(content, old, new string, all bool) (out, note string, err error) {
	if old == new {
		return "", "", fmt.Errorf("old_string and new_string are identical; there is nothing to change")
	}
	o, n := old, new
	count := strings.Count(content, o)
	if crlf := strings.Contains(content, "\r\n"); crlf && strings.Contains(old, "\n") {
		// Match the file's CRLF endings first; fall back to the strings as
		// given (a file mixing CRLF and LF lines).
		if c := strings.Count(content, toCRLF(old)); c > 0 || count == 0 {
			o, n, count = toCRLF(old), toCRLF(new), c
		}
	}
	switch {
	case count == 1 || (count > 1 && all):
		return strings.ReplaceAll(content, o, n), "", nil
	case count > 1:
		return "", "", fmt.Errorf("old_string occurs %d times (at lines %s). Include more surrounding lines to make it unique, or set replace_all to change every occurrence",
			count, matchLines(content, o, 5))
	}
	if out, note, ok, err := fuzzyReplace(content, old, new, all); ok || err != nil {
		return out, note, err
	}
	msg := "old_string was not found in the file. It must match the file exactly, including whitespace and line breaks"
	if hint := closestLine(content, old); hint != "" {
		msg += ". " + hint
	}
	return "", "", fmt.Errorf("%s", msg)
}

// toCRLF turns every line ending of s into CRLF.
func toCRLF(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")
}

// matchLines lists the 1-based line numbers of the first max occurrences
// of sub in s.
func matchLines(s, sub string, max int) string {
	var nums []string
	line, pos := 1, 0
	for len(nums) < max {
		i := strings.Index(s[pos:], sub)
		if i < 0 {
			break
		}
		line += strings.Count(s[pos:pos+i], "\n")
		nums = append(nums, fmt.Sprint(line))
		line += strings.Count(sub, "\n")
		pos += i + len(sub)
	}
	return strings.Join(nums, ", ")
}
