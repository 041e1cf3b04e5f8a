package tui

import (
	"strings"
	"testing"
)

func TestCtrlSReopensEarlierSession(t *testing.T) {
	t.Parallel()
	u, p, config := setup(t, script{
		Turns: []any{"Alpha answer.", "Beta answer.", "Alpha again."},
		Side:  []string{"Alpha talk", "Beta talk"},
	})
	p.submit("alpha question")
	p.waitFor("Alpha answer.", idleHint)
	u.waitTitles(config, "Alpha talk") // before the next title request
	p.keys("C-n")
	p.waitGone("Alpha answer.")
	p.submit("beta question")
	p.waitFor("Beta answer.", idleHint)
	u.waitTitles(config, "Beta talk", "Alpha talk")

	p.keys("C-s")
	p.waitFor("Sessions", "Alpha talk", "Beta talk")
	p.typeText("alpha")
	p.keys("Enter")
	scr := p.waitFor("alpha question", "Alpha answer.")
	p.waitGone("Sessions")
	if strings.Contains(scr, "Beta answer.") {
		t.Errorf("the other session's chat is still shown:\n%s", scr)
	}

	// The reopened session is the one that gets the next prompt.
	p.submit("alpha follow-up")
	p.waitFor("Alpha again.", idleHint)
	list := u.sessions(config)
	if len(list) != 2 {
		t.Fatalf("sessions = %+v, want two", list)
	}
	for _, s := range list {
		var texts []string
		for _, m := range u.messages(config, s.ID) {
			for _, part := range m.Parts {
				texts = append(texts, part.Text)
			}
		}
		all := strings.Join(texts, "\n")
		if followed := strings.Contains(all, "alpha follow-up"); followed != (s.Title == "Alpha talk") {
			t.Errorf("session %q holds the follow-up: %v\n%s", s.Title, followed, all)
		}
	}
}

func TestQuitAndContinueResumesHistory(t *testing.T) {
	t.Parallel()
	u := newUser(t)
	tm := newTmux(t, u)
	first := u.fakeConfig(script{
		Turns: []any{callTool("Looking around.", "ls", map[string]any{}), "Remember the number 42."},
		Side:  []string{"Number talk"},
	})
	u.writeProjectFile("main.go", "package main\n")
	p := openHone(tm, u, first, 120, 35)
	p.submit("remember a number")
	p.waitFor("Remember the number 42.", idleHint)
	u.waitTitles(first, "Number talk")
	p.keys("C-c") // idle: quits without asking
	if code := p.waitExit(); code != 0 {
		t.Fatalf("hone exited with %d:\n%s", code, p.screen())
	}

	second := u.fakeConfig(script{Turns: []any{"You asked me to remember 42."}})
	p = openHone(tm, u, second, 120, 35, "-C")
	scr := p.waitFor("remember a number", "Looking around.", "✓ ls", "Remember the number 42.", "Number talk")
	if !inOrder(scr, "remember a number", "Looking around.", "Remember the number 42.") {
		t.Errorf("the resumed history is out of order:\n%s", scr)
	}
	p.submit("which number")
	p.waitFor("You asked me to remember 42.", idleHint)
	if list := u.sessions(second); len(list) != 1 {
		t.Errorf("sessions = %+v, want the one continued session", list)
	}
}

func TestQuitWhileBusyAsksAndContinueShowsInterruption(t *testing.T) {
	t.Parallel()
	u := newUser(t)
	tm := newTmux(t, u)
	long := "Partial answer " + strings.Repeat("that keeps going ", 30) + "NEVER-SHOWN."
	first := u.fakeConfig(script{Turns: []any{slow(long, 5, 100)}})
	p := openHone(tm, u, first, 120, 35)
	p.submit("start something long")
	p.waitFor("Partial answer", busyHint)
	p.keys("C-c")
	p.waitFor("Quit Hone?")
	p.keys("n") // stay
	p.waitGone("Quit Hone?")
	p.waitFor(busyHint)
	p.keys("C-c")
	p.waitFor("Quit Hone?")
	p.keys("y")
	if code := p.waitExit(); code != 0 {
		t.Fatalf("hone exited with %d:\n%s", code, p.screen())
	}

	second := u.fakeConfig(script{Turns: []any{"Picking up where we left off."}})
	p = openHone(tm, u, second, 120, 35, "-C")
	// The interrupted turn is shown as such, with what streamed before.
	scr := p.waitFor("start something long", "Partial answer", "cancelled")
	if strings.Contains(scr, "NEVER-SHOWN.") {
		t.Fatalf("the interrupted answer was completed:\n%s", scr)
	}
	p.submit("please continue")
	scr = p.waitFor("Picking up where we left off.", idleHint)
	if !inOrder(scr, "Partial answer", "please continue", "Picking up where we left off.") {
		t.Errorf("the continued session is out of order:\n%s", scr)
	}
}
