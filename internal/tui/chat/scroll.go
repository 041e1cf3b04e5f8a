package chat

import (
	"strings"

	"charm.land/lipgloss/v2"
)

// View renders the visible part of the chat: exactly height lines.
func (m *Model) View() string { return strings.Join(m.Lines(), "\n") }

// Lines returns the visible rows, each exactly width cells wide. When the
// user scrolled away from the bottom the last row says so.
func (m *Model) Lines() []string {
	lines := m.visible()
	blank := strings.Repeat(" ", m.width)
	for len(lines) < m.height {
		lines = append(lines, blank)
	}
	if !m.follow {
		hint := m.theme.Faint.Render("↓ more below · end jumps to the latest")
		lines[len(lines)-1] = lipgloss.PlaceHorizontal(m.width, lipgloss.Right, hint)
	}
	if m.old.loading && len(lines) > 0 {
		hint := m.theme.Faint.Render("↑ loading older messages…")
		lines[0] = lipgloss.PlaceHorizontal(m.width, lipgloss.Right, hint)
	}
	return lines
}

func (m *Model) visible() []string {
	if m.follow {
		return m.bottomLines()
	}
	out := make([]string, 0, m.height)
	for i := m.top; i < len(m.items) && len(out) < m.height; i++ {
		ls := m.lines(m.items[i])
		if i == m.top {
			ls = ls[min(m.offset, len(ls)):]
		}
		out = append(out, ls...)
	}
	if len(out) < m.height {
		return m.bottomLines()
	}
	return out[:m.height:m.height]
}

// bottomLines renders the last items, enough to fill the height.
func (m *Model) bottomLines() []string {
	var chunks [][]string
	n := 0
	for i := len(m.items) - 1; i >= 0 && n < m.height; i-- {
		ls := m.lines(m.items[i])
		chunks = append(chunks, ls)
		n += len(ls)
	}
	out := make([]string, 0, n)
	for i := len(chunks) - 1; i >= 0; i-- {
		out = append(out, chunks[i]...)
	}
	if len(out) > m.height {
		out = out[len(out)-m.height:]
	}
	return out[:len(out):len(out)]
}

func (m *Model) itemHeight(i int) int { return len(m.lines(m.items[i])) }

// anchorFromBottom is the (item, line) at the top of the bottom-aligned
// view.
func (m *Model) anchorFromBottom() (top, offset int) {
	n := 0
	for i := len(m.items) - 1; i >= 0; i-- {
		h := m.itemHeight(i)
		if n+h >= m.height {
			return i, n + h - m.height
		}
		n += h
	}
	return 0, 0
}

// unfollow turns the bottom-aligned view into an anchored one.
func (m *Model) unfollow() {
	if m.follow {
		m.top, m.offset = m.anchorFromBottom()
		m.follow = false
	}
}

// atBottom reports whether the anchored view already shows the end.
func (m *Model) atBottom() bool {
	if len(m.items) == 0 {
		return true
	}
	remaining := m.itemHeight(m.top) - m.offset
	for i := m.top + 1; i < len(m.items) && remaining <= m.height; i++ {
		remaining += m.itemHeight(i)
	}
	return remaining <= m.height
}

// ScrollUp moves the view n lines towards the start.
func (m *Model) ScrollUp(n int) {
	if len(m.items) == 0 {
		return
	}
	m.unfollow()
	m.offset -= n
	for m.offset < 0 && m.top > 0 {
		m.top--
		m.offset += m.itemHeight(m.top)
	}
	m.offset = max(m.offset, 0)
	if m.atBottom() {
		m.follow = true
	}
}

// ScrollDown moves the view n lines towards the end; reaching it makes the
// view follow new content again.
func (m *Model) ScrollDown(n int) {
	if m.follow || len(m.items) == 0 {
		return
	}
	m.offset += n
	for m.top < len(m.items)-1 && m.offset >= m.itemHeight(m.top) {
		m.offset -= m.itemHeight(m.top)
		m.top++
	}
	if m.atBottom() {
		m.follow = true
	}
}

// PageUp and PageDown scroll by a screen, keeping two lines of context.
func (m *Model) PageUp() { m.ScrollUp(max(m.height-2, 1)) }

// PageDown scrolls a screen towards the end.
func (m *Model) PageDown() { m.ScrollDown(max(m.height-2, 1)) }

// Top shows the first message.
func (m *Model) Top() {
	m.follow, m.top, m.offset = false, 0, 0
	if m.atBottom() {
		m.follow = true
	}
}

// Bottom shows the latest content and follows it.
func (m *Model) Bottom() { m.follow = true }

// Wheel scrolls for a mouse wheel step (negative: up).
func (m *Model) Wheel(delta int) {
	if delta < 0 {
		m.ScrollUp(-delta)
	} else {
		m.ScrollDown(delta)
	}
}

// reveal scrolls so that line of the item at index idx is on screen.
func (m *Model) reveal(idx, line int) {
	m.unfollow()
	if idx < m.top || idx == m.top && line < m.offset {
		m.top, m.offset = idx, line
		if m.atBottom() {
			m.follow = true
		}
		return
	}
	dist := m.itemHeight(m.top) - m.offset
	for i := m.top + 1; i < idx && dist < m.height; i++ {
		dist += m.itemHeight(i)
	}
	if idx != m.top {
		dist += line
	} else {
		dist = line - m.offset
	}
	if dist >= m.height {
		m.ScrollDown(dist - m.height + 1)
	} else if m.atBottom() {
		m.follow = true
	}
}
