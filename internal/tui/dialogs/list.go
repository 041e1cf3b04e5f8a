package dialogs

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/sahilm/fuzzy"

	"github.com/honecode/hone/internal/tui/styles"
)

// Item is one row of a List.
type Item struct {
	Title string
	// Detail is shown dimmed after the title and searched too.
	Detail string
	// Value identifies the item to the dialog (an id, a ref …).
	Value string
	// Current marks the item that is in use now (●).
	Current bool
}

// List is a fuzzy-filtered, scrollable list with a filter input on top.
type List struct {
	theme    *styles.Theme
	items    []Item
	shown    []int // indices into items, in display order
	sel      int
	filter   textinput.Model
	up, down key.Binding
}

// NewList returns a list of items with the first one selected.
func NewList(t *styles.Theme, items []Item, placeholder string) *List {
	l := &List{
		theme:  t,
		filter: NewInput(t, placeholder),
		up:     key.NewBinding(key.WithKeys("up", "ctrl+p", "ctrl+k")),
		down:   key.NewBinding(key.WithKeys("down", "ctrl+n", "ctrl+j")),
	}
	l.SetItems(items)
	return l
}

// SetItems replaces the items, keeping the filter.
func (l *List) SetItems(items []Item) {
	l.items = items
	l.refilter()
}

// SelectValue selects the shown item with this value, if any.
func (l *List) SelectValue(v string) {
	for i, idx := range l.shown {
		if l.items[idx].Value == v {
			l.sel = i
		}
	}
}

func (l *List) refilter() {
	q := strings.TrimSpace(l.filter.Value())
	l.shown = l.shown[:0]
	if q == "" {
		for i := range l.items {
			l.shown = append(l.shown, i)
		}
	} else {
		for _, m := range fuzzy.FindFrom(q, itemSource(l.items)) {
			l.shown = append(l.shown, m.Index)
		}
	}
	l.sel = min(l.sel, max(len(l.shown)-1, 0))
}

type itemSource []Item

func (s itemSource) String(i int) string { return s[i].Title + " " + s[i].Detail }
func (s itemSource) Len() int            { return len(s) }

// Query is the text typed in the filter.
func (l *List) Query() string { return l.filter.Value() }

// Selected returns the highlighted item.
func (l *List) Selected() (Item, bool) {
	if len(l.shown) == 0 {
		return Item{}, false
	}
	return l.items[l.shown[l.sel]], true
}

// HandleKey moves the selection or edits the filter.
func (l *List) HandleKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, l.up):
		l.sel = max(l.sel-1, 0)
	case key.Matches(msg, l.down):
		l.sel = min(l.sel+1, max(len(l.shown)-1, 0))
	default:
		var cmd tea.Cmd
		before := l.filter.Value()
		l.filter, cmd = l.filter.Update(msg)
		if l.filter.Value() != before {
			l.sel = 0
			l.refilter()
		}
		return cmd
	}
	return nil
}

// View renders the filter and at most rows items around the selection.
func (l *List) View(width, rows int) string {
	l.filter.SetWidth(max(width-3, 5))
	lines := []string{l.filter.View(), ""}
	if len(l.shown) == 0 {
		return strings.Join(append(lines, l.theme.Muted.Render("no match")), "\n")
	}
	rows = max(rows, 1)
	start := min(max(l.sel-rows/2, 0), max(len(l.shown)-rows, 0))
	end := min(start+rows, len(l.shown))
	for i := start; i < end; i++ {
		lines = append(lines, l.row(l.items[l.shown[i]], i == l.sel, width))
	}
	if len(l.shown) > rows {
		lines = append(lines, l.theme.Faint.Render(fmt.Sprintf("%d/%d", l.sel+1, len(l.shown))))
	}
	return strings.Join(lines, "\n")
}

func (l *List) row(it Item, selected bool, width int) string {
	t := l.theme
	cur := " "
	if it.Current {
		cur = "●"
	}
	if selected {
		return Clip(t.Selected.Render("›"+cur+" "+it.Title)+" "+t.Muted.Render(it.Detail), width)
	}
	return Clip(" "+cur+" "+t.Text.Render(it.Title)+" "+t.Faint.Render(it.Detail), width)
}
