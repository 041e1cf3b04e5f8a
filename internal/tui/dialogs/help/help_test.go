package help

import (
	"fmt"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

func groups() []Group {
	b := func(k, d string) key.Binding { return key.NewBinding(key.WithKeys(k), key.WithHelp(k, d)) }
	return []Group{
		{"Global", []key.Binding{b("esc", "cancel turn"), b("ctrl+c", "quit"), b("ctrl+s", "sessions")}},
		{"Prompt", []key.Binding{b("enter", "send"), b("ctrl+j", "newline")}},
		{"Chat", []key.Binding{b("enter", "expand/collapse")}},
	}
}

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, w := range []int{40, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			m := New(styles.New(true, false), groups())
			golden.Assert(t, fmt.Sprintf("help_%d", w), m.View(w, 40))
		})
	}
}

func TestScrollsWhenShort(t *testing.T) {
	t.Parallel()
	m := New(styles.New(true, true), groups())
	first := golden.Plain(m.View(40, 12))
	if m.HandleKey(tea.KeyPressMsg{Code: tea.KeyDown}) {
		t.Fatal("down closed the dialog")
	}
	if golden.Plain(m.View(40, 12)) == first {
		t.Fatal("down did not scroll")
	}
	if !m.HandleKey(tea.KeyPressMsg{Code: 'q', Text: "q"}) {
		t.Fatal("other keys must close")
	}
}
