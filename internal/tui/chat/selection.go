package chat

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Focus gives the chat the keyboard: it selects the last collapsible block
// (reasoning, tool call, summary) so that Enter toggles it.
func (m *Model) Focus() {
	m.focused = true
	if m.owner(m.sel) == nil {
		m.sel = ""
		m.selectFrom(len(m.items)-1, -1)
	}
}

// Blur returns the keyboard to the editor and drops the selection marker.
func (m *Model) Blur() {
	m.focused = false
	m.setSel("")
}

// Focused reports whether the chat has the keyboard.
func (m *Model) Focused() bool { return m.focused }

// HandleKey handles a key while the chat is focused and reports whether
// it used it.
func (m *Model) HandleKey(msg tea.KeyPressMsg) bool {
	switch {
	case key.Matches(msg, m.keys.Prev):
		m.move(-1)
	case key.Matches(msg, m.keys.Next):
		m.move(+1)
	case key.Matches(msg, m.keys.Toggle):
		m.Toggle(m.sel)
	default:
		return false
	}
	return true
}

// Toggle expands or collapses a fold (reasoning, tool call or summary).
func (m *Model) Toggle(fold string) {
	it := m.owner(fold)
	if it == nil {
		return
	}
	m.expanded[fold] = !m.expanded[fold]
	m.bump(it)
}

// Selected returns the selected fold key ("" for none).
func (m *Model) Selected() string { return m.sel }

// owner returns the item holding the fold key.
func (m *Model) owner(fold string) *item {
	if fold == "" {
		return nil
	}
	if it, ok := m.calls[fold]; ok {
		return it
	}
	for i := len(m.items) - 1; i >= 0; i-- {
		if slices.Contains(m.items[i].folds(), fold) {
			return m.items[i]
		}
	}
	return nil
}

func (m *Model) setSel(fold string) {
	if old := m.owner(m.sel); old != nil {
		m.bump(old)
	}
	m.sel = fold
	if it := m.owner(fold); it != nil {
		m.bump(it)
	}
}

// move selects the previous (dir < 0) or next fold.
func (m *Model) move(dir int) {
	it := m.owner(m.sel)
	if it == nil {
		m.selectFrom(len(m.items)-1, -1)
		return
	}
	idx := slices.Index(m.items, it)
	folds := it.folds()
	if j := slices.Index(folds, m.sel) + dir; j >= 0 && j < len(folds) {
		m.selectFold(idx, folds[j])
		return
	}
	m.selectFrom(idx+dir, dir)
}

// selectFrom selects the first fold found walking items from idx in dir.
func (m *Model) selectFrom(idx, dir int) {
	for i := idx; i >= 0 && i < len(m.items); i += dir {
		folds := m.items[i].folds()
		if len(folds) == 0 {
			continue
		}
		f := folds[0]
		if dir < 0 {
			f = folds[len(folds)-1]
		}
		m.selectFold(i, f)
		return
	}
}

func (m *Model) selectFold(idx int, fold string) {
	m.setSel(fold)
	m.lines(m.items[idx])
	m.reveal(idx, m.items[idx].foldLine[fold])
}
