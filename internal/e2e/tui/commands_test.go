package tui

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// osc52 is the OSC 52 sequence that puts text on the system clipboard.
func osc52(text string) string {
	return "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(text)) + "\x07"
}

func TestCopyWritesOSC52ToTheTerminal(t *testing.T) {
	t.Parallel()
	answer := "Run this:\n\n```sh\ngo test ./...\n```\n\nThen read the failures."
	_, p, _ := setup(t, script{Turns: []any{answer}})
	out := p.capture()
	p.submit("how do I test")
	p.waitFor("Then read the failures.", idleHint)
	p.typeText("/")
	p.waitFor("Commands")
	p.typeText("copy code")
	p.keys("Enter")
	p.waitFor("copied the last code block")
	p.waitWritten(out, "OSC 52 with the code block", osc52("go test ./..."))
	p.typeText("/")
	p.waitFor("Commands")
	p.typeText("copy")
	p.keys("Enter")
	p.waitFor("copied the last answer")
	p.waitWritten(out, "OSC 52 with the answer", osc52(answer))
}

func TestNotificationWhenUnfocused(t *testing.T) {
	t.Parallel()
	u := newUser(t)
	config := u.fakeConfigWith(script{Turns: []any{"A slow answer END.", "The second answer."}},
		map[string]any{"tui": map[string]any{"notify": "osc9"}})
	p := openHone(newTmux(t, u), u, config, 120, 35)
	out := p.capture()
	p.submit("first while focused")
	p.waitFor("A slow answer", "END.", idleHint)
	if strings.Contains(out(), "\x1b]9;") {
		t.Fatal("notified while the terminal had the focus")
	}
	// The terminal reports that it lost the focus (CSI O, focus
	// reporting), as it does when the user switches windows.
	p.keys("-H", "1b", "5b", "4f")
	p.submit("then while away")
	p.waitWritten(out, "an OSC 9 notification", "\x1b]9;Hone: the answer is ready\x07")
}

func TestThemeSwitchInTmuxIsSavedToUserConfig(t *testing.T) {
	t.Parallel()
	u, p, _ := setup(t, script{Turns: []any{"ok"}})
	p.typeText("/")
	p.waitFor("Commands")
	p.typeText("theme")
	p.keys("Enter")
	p.waitFor("auto (current)", "high-contrast")
	p.typeText("high")
	p.keys("Enter")
	p.waitFor("theme high-contrast")
	data, err := os.ReadFile(filepath.Join(u.home, ".config", "hone", "hone.json"))
	if err != nil || !strings.Contains(string(data), `"theme": "high-contrast"`) {
		t.Fatalf("user config = %s (%v), want options.tui.theme high-contrast", data, err)
	}
}
