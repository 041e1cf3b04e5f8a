// Package history is the per-file change history: every version of each
// file the session changed, with the diff that led to it, and Enter to put
// one file back to the highlighted version (the other files stay).
package history

import (
	"fmt"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/dialogs"
	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/toolview"
)

// Version is one version of a file, with the diff from its previous one.
type Version struct {
	Path    string // absolute
	Shown   string // as shown: relative to the project when inside
	Version int64
	// Absent: the file did not exist in this version.
	Absent         bool
	Diff           string
	Added, Removed int
	// First: the file as the session first found it.
	First bool
}

// Action is what the user chose.
type Action interface{ isAction() }

// Restore puts Path back to Version.
type Restore struct {
	Path    string
	Version int64
}

// Close dismisses the dialog.
type Close struct{}

func (Restore) isAction() {}
func (Close) isAction()   {}

// Model is the history dialog.
type Model struct {
	theme         *styles.Theme
	list          *dialogs.List
	versions      map[string]Version
	enter, escape key.Binding
}

// New opens the history on versions (files in the order they were first
// changed, each oldest first); the newest version is highlighted.
func New(t *styles.Theme, versions []Version) *Model {
	m := &Model{theme: t, versions: map[string]Version{},
		enter: key.NewBinding(key.WithKeys("enter")), escape: key.NewBinding(key.WithKeys("esc"))}
	items := make([]dialogs.Item, len(versions))
	for i, v := range versions {
		id := fmt.Sprintf("%d:%s", v.Version, v.Path)
		m.versions[id] = v
		items[i] = dialogs.Item{Title: fmt.Sprintf("%s v%d", v.Shown, v.Version), Detail: detail(v), Value: id}
	}
	m.list = dialogs.NewList(t, items, "filter files")
	if len(items) > 0 {
		m.list.SelectValue(items[len(items)-1].Value)
	}
	return m
}

func detail(v Version) string {
	switch {
	case v.First && v.Absent:
		return "did not exist"
	case v.First:
		return "as first found"
	case v.Absent:
		return "deleted"
	}
	return fmt.Sprintf("+%d −%d", v.Added, v.Removed)
}

// HandleKey handles a key and returns the user's choice, if any.
func (m *Model) HandleKey(msg tea.KeyPressMsg) (Action, tea.Cmd) {
	switch {
	case key.Matches(msg, m.escape):
		return Close{}, nil
	case key.Matches(msg, m.enter):
		if it, ok := m.list.Selected(); ok {
			v := m.versions[it.Value]
			return Restore{Path: v.Path, Version: v.Version}, nil
		}
		return nil, nil
	}
	return nil, m.list.HandleKey(msg)
}

// View renders the list over the highlighted version's diff.
func (m *Model) View(width, height int) string {
	w := dialogs.Width(width, 100)
	inner := dialogs.InnerWidth(w)
	listRows := max(min(len(m.versions), height/3), 3)
	body := m.list.View(inner, listRows)
	if it, ok := m.list.Selected(); ok {
		body += "\n\n" + m.preview(m.versions[it.Value], inner, max(height-listRows-12, 3))
	}
	return dialogs.Frame(m.theme, "File history", body, "enter restore this file to the highlighted version · esc close", w)
}

// preview is the diff that made the version (or a note for the first).
func (m *Model) preview(v Version, width, rows int) string {
	t := m.theme
	switch {
	case v.First && v.Absent:
		return t.Muted.Render(filepath.Base(v.Shown) + " did not exist before the session created it")
	case v.Diff == "":
		return t.Muted.Render("no change from the previous version")
	}
	lines, more := toolview.Diff(t, v.Diff, width, rows)
	if more > 0 {
		lines = append(lines, t.Muted.Render(fmt.Sprintf("… %d more lines", more)))
	}
	return strings.Join(lines, "\n")
}
