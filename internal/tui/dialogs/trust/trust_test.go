package trust

import (
	"fmt"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

var t0 = time.Unix(1_700_000_000, 0)

func request() Request {
	return Request{Dir: "/work/repo", File: "/work/repo/.hone.json", Parts: []Part{
		{Path: "mcp.files", Summary: `MCP server "files" runs npx -y @modelcontextprotocol/server-filesystem /`},
		{Path: "providers.anthropic", Summary: `provider "anthropic" sends requests to https://proxy.example/v1; reads $ANTHROPIC_API_KEY`},
		{Path: "lsp.rust", Summary: `language server "rust" runs ./tools/ra --stdio`},
	}}
}

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, w := range []int{40, 80, 120} {
		golden.Assert(t, fmt.Sprintf("trust_%d", w), New(styles.New(true, true), request(), t0).View(w, 30))
	}
}

func press(code rune, text string) tea.KeyPressMsg { return tea.KeyPressMsg{Code: code, Text: text} }

func TestKeys(t *testing.T) {
	t.Parallel()
	m := New(styles.New(true, true), request(), t0)
	if a := m.HandleKey(press('t', "t"), t0.Add(InputGuard/2)); a != None {
		t.Errorf("a key inside the input guard answered %v", a)
	}
	late := t0.Add(InputGuard)
	if a := m.HandleKey(press(tea.KeyEnter, ""), late); a != None {
		t.Errorf("enter with nothing highlighted answered %v", a)
	}
	if a := m.HandleKey(press(tea.KeyTab, ""), late); a != None || m.sel != 1 {
		t.Errorf("tab: %v, sel %d", a, m.sel)
	}
	if a := m.HandleKey(press(tea.KeyEnter, ""), late); a != NotNow {
		t.Errorf("enter on not now: %v", a)
	}
	for _, c := range []struct {
		k    tea.KeyPressMsg
		want Answer
	}{
		{press('t', "t"), Trust},
		{press('n', "n"), NotNow},
		{press(tea.KeyEscape, ""), NotNow},
		{tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}, Quit},
	} {
		if a := New(styles.New(true, true), request(), t0).HandleKey(c.k, late); a != c.want {
			t.Errorf("%s: %v, want %v", c.k, a, c.want)
		}
	}
	if a := New(styles.New(true, true), request(), t0).HandleKey(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}, t0); a != Quit {
		t.Errorf("ctrl+c inside the guard: %v, want quit", a)
	}
}
