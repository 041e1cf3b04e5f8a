package editor

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"unicode"
)

// AtQuery returns the text typed after an "@" that starts a word and ends
// at the cursor, which is what file completion matches against; ok is
// false when the cursor is not in such a word.
func (m *Model) AtQuery() (query string, ok bool) {
	before := m.beforeCursor()
	i := strings.LastIndexByte(before, '@')
	if i < 0 {
		return "", false
	}
	if i > 0 && !unicode.IsSpace(rune(before[i-1])) {
		return "", false
	}
	q := before[i+1:]
	if strings.ContainsAny(q, " \t\n") {
		return "", false
	}
	return q, true
}

// beforeCursor is the text of the cursor's line up to the cursor.
func (m *Model) beforeCursor() string {
	lines := strings.Split(m.ta.Value(), "\n")
	row := m.ta.Line()
	if row >= len(lines) {
		return ""
	}
	r := []rune(lines[row])
	col := min(m.ta.Column(), len(r))
	return string(r[:col])
}

// CompleteAt replaces the "@query" at the cursor with "@path " and attaches
// the file.
func (m *Model) CompleteAt(path string) {
	q, ok := m.AtQuery()
	if !ok {
		return
	}
	for range []rune(q) {
		m.ta, _ = m.ta.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
	m.ta.InsertString(path + " ")
	for _, a := range m.attachments {
		if a.Path == path {
			return
		}
	}
	m.attachments = append(m.attachments, Attachment{Name: path, Path: path})
}
