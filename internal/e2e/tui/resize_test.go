package tui

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/honecode/hone/internal/tui/sidebar"
)

// wideAnswer is longer than an 80-column chat, so it wraps there and
// fits on one line at 250 columns.
const wideAnswer = "This answer is long enough to wrap in a narrow terminal but it fits on a single line of a wide one, ending here: WIDE-END."

func TestLayoutAtSmallAndLargeSizes(t *testing.T) {
	t.Parallel()
	type size struct{ w, h int }
	for _, c := range []struct{ from, to size }{
		{size{80, 24}, size{250, 70}},
		{size{250, 70}, size{80, 24}},
	} {
		t.Run(fmt.Sprintf("%dx%d_to_%dx%d", c.from.w, c.from.h, c.to.w, c.to.h), func(t *testing.T) {
			t.Parallel()
			u := newUser(t)
			config := u.fakeConfig(script{Turns: []any{wideAnswer}})
			p := openHone(newTmux(t, u), u, config, c.from.w, c.from.h)
			checkLayout(t, p, c.from.w, c.from.h)
			p.submit("say something long")
			p.waitFor("WIDE-END.", idleHint)
			checkLayout(t, p, c.from.w, c.from.h)
			p.resize(c.to.w, c.to.h)
			checkLayout(t, p, c.to.w, c.to.h)
		})
	}
}

// sidebarLine is a line of the sidebar, shown from the first frame.
const sidebarLine = "tokens in "

// checkLayout waits until the screen has reflowed to w × h cells, then
// checks it: the status line at the bottom with the editor above it, the
// sidebar only when wide enough, and the chat (if any) wrapped to fit.
func checkLayout(t *testing.T, p *pane, w, h int) {
	t.Helper()
	scr := p.waitUntil(fmt.Sprintf("a %d×%d layout", w, h), func(scr string) bool {
		lines := screenLines(scr)
		// The status line's key hints end at the right edge.
		return len(lines) == h && utf8.RuneCountInString(lines[h-1]) == w &&
			strings.Contains(lines[h-1], "DEFAULT") && strings.Contains(lines[h-2], idleHint)
	})
	lines := screenLines(scr)
	for i, ln := range lines {
		if n := utf8.RuneCountInString(ln); n > w {
			t.Errorf("line %d is %d cells wide, more than %d:\n%s", i+1, n, w, scr)
		}
	}
	if wide := w >= sidebar.MinScreenWidth; strings.Contains(scr, sidebarLine) != wide {
		t.Errorf("at %d columns the sidebar should be shown: %v\n%s", w, wide, scr)
	}
	if !strings.Contains(scr, "say something long") {
		return // nothing sent yet
	}
	oneLine := strings.Contains(scr, wideAnswer)
	if fits := w-sidebarWidth(w) > len(wideAnswer)+4; oneLine != fits {
		t.Errorf("at %d columns the answer should be on one line: %v\n%s", w, fits, scr)
	}
	if !strings.Contains(scr, "WIDE-END.") {
		t.Errorf("the answer's end is not shown at %d×%d:\n%s", w, h, scr)
	}
}

// sidebarWidth is how many columns the sidebar takes at width w.
func sidebarWidth(w int) int {
	if w >= sidebar.MinScreenWidth {
		return sidebar.Width
	}
	return 0
}

// screenLines splits a captured screen into its rows (tmux trims the
// spaces that end a row).
func screenLines(scr string) []string {
	return strings.Split(strings.TrimSuffix(scr, "\n"), "\n")
}
