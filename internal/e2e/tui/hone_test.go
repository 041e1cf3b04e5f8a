package tui

import (
	"strings"
	"testing"
)

// Texts of the editor's placeholder: the first while idle, the second
// while a turn runs.
const (
	idleHint = "Ask anything"
	busyHint = "Queue a follow-up"
)

// permissionTitle heads the permission dialog.
const permissionTitle = "Permission required"

// openHone starts hone with config and args in u's project, in a new
// window of server s, and waits until the editor takes prompts.
func openHone(s *tmuxServer, u *user, config string, width, height int, args ...string) *pane {
	s.t.Helper()
	p := s.start(u.project, width, height, u.honeArgs(config, args...)...)
	p.waitFor(idleHint)
	return p
}

// answerPermission waits for the permission dialog and answers it with
// key (a allow once, s allow for the session, d deny) after Tab, the
// deliberate key that gives the dialog the keyboard: letters typed before
// it go to the editor.
func answerPermission(p *pane, key string) string {
	p.t.Helper()
	scr := p.waitFor(permissionTitle)
	p.keys("Tab")
	p.waitFor("a allow")
	p.keys(key)
	p.waitGone(permissionTitle)
	return scr
}

// inOrder reports whether s contains every one of subs, each after the
// one before.
func inOrder(s string, subs ...string) bool {
	for _, sub := range subs {
		i := strings.Index(s, sub)
		if i < 0 {
			return false
		}
		s = s[i+len(sub):]
	}
	return true
}

// setup is the start of most tests: a user, a tmux server and hone
// answering with s in a 120 × 35 window.
func setup(t *testing.T, s script) (*user, *pane, string) {
	t.Helper()
	u := newUser(t)
	config := u.fakeConfig(s)
	p := openHone(newTmux(t, u), u, config, 120, 35)
	return u, p, config
}
