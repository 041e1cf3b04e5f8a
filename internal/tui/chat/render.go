package chat

import (
	"strconv"
	"strings"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

// gutter is the left margin of every line; the selected fold's header
// shows a marker in it.
const gutter = "  "

// lines returns the item's rendered lines from its cache, rendering it
// when its width, version, theme or live state changed.
func (m *Model) lines(it *item) []string {
	key := cacheKey{width: m.width, version: it.version, gen: m.gen}
	if it.live(m.results) {
		key.busy = m.busy
		if m.busy {
			key.frame = m.frame
		}
	}
	if m.sel != "" && m.owner(m.sel) == it {
		key.sel = m.sel
	}
	if it.cache.valid && it.cache.key == key {
		return it.cache.lines
	}
	if m.throttled(it, key) {
		return it.cache.lines
	}
	it.foldLine = make(map[string]int)
	var lines []string
	switch it.kind {
	case kindUser:
		lines = m.renderUser(it)
	case kindAssistant:
		lines = m.renderAssistant(it)
	case kindSummary:
		lines = m.renderSummary(it)
	case kindInfo:
		lines = m.renderInfo(it)
	}
	if key.sel != "" {
		if n, ok := it.foldLine[key.sel]; ok && n < len(lines) {
			lines[n] = m.theme.Accent.Render("›") + strings.TrimPrefix(lines[n], " ")
		}
	}
	for i, ln := range lines {
		lines[i] = padTo(ln, m.width)
	}
	it.cache = renderCache{key: key, valid: true, lines: lines}
	return lines
}

// throttled reports whether a streaming message already rendered during
// this spinner frame: deltas arriving faster than frames are drawn on the
// next frame, so a fast stream costs one markdown render per frame rather
// than one per delta.
func (m *Model) throttled(it *item, key cacheKey) bool {
	if !m.busy || it.msg.Status != message.StatusStreaming || !it.cache.valid {
		return false
	}
	old := it.cache.key
	old.version = key.version
	return old == key
}

// padTo cuts or pads a styled line to exactly w cells, so that the
// screen can be assembled without measuring lines again.
func padTo(s string, w int) string {
	n := xansi.StringWidth(s)
	switch {
	case n > w:
		return xansi.Truncate(s, w-1, "…") + " "
	case n < w:
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

func (m *Model) contentWidth() int { return max(m.width-len(gutter), 8) }

// wrap word-wraps plain text at width.
func wrap(s string, width int) []string {
	s = strings.ReplaceAll(strings.TrimRight(s, "\n"), "\t", "    ")
	return strings.Split(xansi.Wrap(s, width, ""), "\n")
}

func (m *Model) renderUser(it *item) []string {
	t := m.theme
	bar := t.UserBar.Render("┃") + " "
	lines := []string{""}
	first := true
	for _, p := range it.msg.Parts {
		switch {
		case p.Type == llm.PartText && first:
			first = false
			for _, ln := range wrap(strings.TrimSpace(p.Text), m.contentWidth()) {
				lines = append(lines, bar+t.Text.Render(ln))
			}
		case p.Type == llm.PartText:
			lines = append(lines, bar+t.Muted.Render(attachmentLabel(p.Text)))
		case p.Type == llm.PartImage:
			lines = append(lines, bar+t.Muted.Render("image · "+p.MediaType))
		}
	}
	return lines
}

// attachmentLabel names an attachment stored as a text part after the
// prompt: `<attachment name="main.go">…</attachment>` shows as
// "attachment main.go · 12 lines".
func attachmentLabel(text string) string {
	label := "attachment"
	if rest, ok := strings.CutPrefix(text, "<attachment name="); ok {
		if end := strings.Index(rest, ">"); end > 0 {
			if name, err := strconv.Unquote(rest[:end]); err == nil {
				label += " " + name
				text = strings.TrimSuffix(strings.TrimPrefix(rest[end+1:], "\n"), "</attachment>")
			}
		}
	}
	n := strings.Count(strings.TrimRight(text, "\n"), "\n") + 1
	return label + " · " + plural(n, "line")
}

func (m *Model) renderInfo(it *item) []string {
	st := m.theme.Muted
	mark := "·"
	switch it.level {
	case LevelWarn:
		st, mark = m.theme.Warning, "!"
	case LevelError:
		st, mark = m.theme.Error, "✗"
	}
	lines := []string{""}
	for i, ln := range wrap(it.info, m.contentWidth()-2) {
		if i == 0 {
			lines = append(lines, gutter+st.Render(mark+" "+ln))
		} else {
			lines = append(lines, gutter+st.Render("  "+ln))
		}
	}
	return lines
}

func (m *Model) renderSummary(it *item) []string {
	key := summaryKey(it.msg.ID)
	open := m.expanded[key]
	arrow := "▸"
	if open {
		arrow = "▾"
	}
	lines := []string{""}
	it.foldLine[key] = len(lines)
	lines = append(lines, gutter+m.theme.Info.Render(arrow+" Conversation summarized")+
		m.theme.Faint.Render(" · earlier messages are kept for you, the model sees this summary"))
	if open {
		for _, ln := range it.doc(0).Render(m.md, it.msg.LLM().Text(), m.contentWidth()) {
			lines = append(lines, gutter+ln)
		}
	}
	return lines
}
