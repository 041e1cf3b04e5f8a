package sessions

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

const now = int64(1_700_000_000_000)

func list() []session.Session {
	return []session.Session{
		{ID: "0190aaaa-bbbb-cccc-dddd-000000000001", Title: "Fix the parser", UpdatedAt: now - 60_000, InputTokens: 12000, Cost: 0.42},
		{ID: "0190aaaa-bbbb-cccc-dddd-000000000002", Title: "", UpdatedAt: now - 3*3600_000},
		{ID: "0190aaaa-bbbb-cccc-dddd-000000000003", Title: "Add a sessions export command", UpdatedAt: now - 72*3600_000},
	}
}

func k(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "ctrl+r", "ctrl+d":
		return tea.KeyPressMsg{Code: rune(s[5]), Mod: tea.ModCtrl}
	}
	return tea.KeyPressMsg{Code: rune(s[0]), Text: s}
}

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, w := range []int{40, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			m := New(styles.New(true, false), list(), list()[0].ID, now)
			golden.Assert(t, fmt.Sprintf("list_%d", w), m.View(w, 24))
			m.HandleKey(k("ctrl+r"))
			golden.Assert(t, fmt.Sprintf("rename_%d", w), m.View(w, 24))
			m = New(styles.New(true, false), list(), "", now)
			m.HandleKey(k("ctrl+d"))
			golden.Assert(t, fmt.Sprintf("delete_%d", w), m.View(w, 24))
		})
	}
}

func TestActions(t *testing.T) {
	t.Parallel()
	th := styles.New(true, true)
	m := New(th, list(), "", now)
	for _, r := range "export" {
		m.HandleKey(k(string(r)))
	}
	if a, _ := m.HandleKey(k("enter")); a != (Open{ID: list()[2].ID}) {
		t.Fatalf("search+enter = %#v", a)
	}
	m = New(th, list(), "", now)
	m.HandleKey(k("ctrl+r"))
	m.HandleKey(k("!"))
	if a, _ := m.HandleKey(k("enter")); a != (Rename{ID: list()[0].ID, Title: "Fix the parser!"}) {
		t.Fatalf("rename = %#v", a)
	}
	m.HandleKey(k("ctrl+d"))
	if a, _ := m.HandleKey(k("n")); a != nil {
		t.Fatalf("n confirmed a delete: %#v", a)
	}
	m.HandleKey(k("ctrl+d"))
	if a, _ := m.HandleKey(k("y")); a != (Delete{ID: list()[0].ID}) {
		t.Fatalf("delete = %#v", a)
	}
}
