package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/honecode/hone/internal/tui/sidebar"
)

// editorMaxLines is the most lines the editor grows to.
const editorMaxLines = 8

func (m *Model) sidebarVisible() bool {
	return m.sidebarOn && m.width >= sidebar.MinScreenWidth
}

func (m *Model) mainWidth() int {
	if m.sidebarVisible() {
		return m.width - sidebar.Width
	}
	return m.width
}

// layout gives every component its size; it runs after each update
// because the editor grows and shrinks with its content.
func (m *Model) layout() {
	w := m.mainWidth()
	m.editor.SetSize(w, max(min(editorMaxLines, m.height/4), 1))
	m.chat.SetSize(w, max(m.chatHeight(), 1))
	if m.perm != nil {
		m.perm.SetSize(m.width, m.aboveEditor())
	}
}

// chatHeight is what is left above the queue, the rule, the editor and
// the status line.
func (m *Model) chatHeight() int {
	return m.height - m.queue.Height() - 1 - m.editor.Height() - 1
}

// fit pads or cuts every line of s to exactly w cells and the block to
// exactly h lines, so that blocks join side by side without drifting.
func fit(s string, w, h int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	for i, ln := range lines {
		n := ansi.StringWidth(ln)
		switch {
		case n > w:
			lines[i] = ansi.Truncate(ln, w, "")
		case n < w:
			lines[i] = ln + strings.Repeat(" ", w-n)
		}
	}
	return strings.Join(lines, "\n")
}
