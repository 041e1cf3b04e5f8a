// Package permission is the dialog that asks whether a tool may act. It
// shows the tool, its description, and the diff or command at stake, and
// answers allow once (a), allow for this session (s) or deny (d, or f to
// add feedback for the model). Tab and arrows move the highlight and Enter
// confirms it.
//
// Nothing is highlighted when the dialog opens and every key is ignored
// for InputGuard after it appears, so an Enter or a letter typed into the
// editor just before cannot approve anything by accident.
package permission

import (
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	perm "github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/tui/dialogs"
	"github.com/honecode/hone/internal/tui/styles"
)

// InputGuard is how long after opening the dialog ignores keys.
const InputGuard = 400 * time.Millisecond

// Answer is the user's decision on the request.
type Answer struct {
	RequestID string
	Answer    perm.Answer
	Feedback  string
}

type choice struct {
	label    string
	answer   perm.Answer
	feedback bool
}

// choices are the answers offered; a sensitive write (Request.Sensitive)
// is never allowed for the whole session, so that choice is left out.
func (m *Model) choices() []choice {
	out := []choice{{label: "Allow once", answer: perm.AllowOnce}}
	if m.req.Sensitive == "" {
		out = append(out, choice{label: "Allow for this session", answer: perm.AllowSession})
	}
	return append(out, choice{label: "Deny", answer: perm.Deny}, choice{label: "Deny with feedback…", answer: perm.Deny, feedback: true})
}

// Model is the permission dialog for one request.
type Model struct {
	theme    *styles.Theme
	req      perm.Request
	openedAt time.Time
	sel      int // highlighted choice, -1 for none
	feedback *textinput.Model
	keys     KeyMap
}

// New opens the dialog for req at time now.
func New(t *styles.Theme, req perm.Request, now time.Time) *Model {
	return &Model{theme: t, req: req, openedAt: now, sel: -1, keys: DefaultKeyMap()}
}

// Request is the request being asked.
func (m *Model) Request() perm.Request { return m.req }

// HandleKey handles a key pressed at time now; it returns the answer once
// the user has decided.
func (m *Model) HandleKey(msg tea.KeyPressMsg, now time.Time) (*Answer, tea.Cmd) {
	if now.Sub(m.openedAt) < InputGuard {
		return nil, nil
	}
	if m.feedback != nil {
		return m.handleFeedback(msg)
	}
	n := len(m.choices())
	switch {
	case key.Matches(msg, m.keys.AllowOnce):
		return m.answer(perm.AllowOnce, ""), nil
	case key.Matches(msg, m.keys.AllowSession) && m.req.Sensitive == "":
		return m.answer(perm.AllowSession, ""), nil
	case key.Matches(msg, m.keys.Deny):
		return m.answer(perm.Deny, ""), nil
	case key.Matches(msg, m.keys.Feedback):
		m.openFeedback()
	case key.Matches(msg, m.keys.Next):
		m.sel = (m.sel + 1) % n
	case key.Matches(msg, m.keys.Prev):
		if m.sel <= 0 {
			m.sel = n - 1
		} else {
			m.sel--
		}
	case key.Matches(msg, m.keys.Confirm):
		return m.confirm(), nil
	case key.Matches(msg, m.keys.Cancel):
		return m.answer(perm.Deny, ""), nil
	}
	return nil, nil
}

func (m *Model) confirm() *Answer {
	switch {
	case m.sel < 0:
		return nil
	case m.choices()[m.sel].feedback:
		m.openFeedback()
		return nil
	}
	return m.answer(m.choices()[m.sel].answer, "")
}

func (m *Model) openFeedback() {
	in := dialogs.NewInput(m.theme, "tell the model what to do instead")
	m.feedback = &in
	m.sel = len(m.choices()) - 1
}

func (m *Model) handleFeedback(msg tea.KeyPressMsg) (*Answer, tea.Cmd) {
	switch msg.String() {
	case "enter":
		return m.answer(perm.Deny, m.feedback.Value()), nil
	case "esc":
		m.feedback = nil
		return nil, nil
	}
	var cmd tea.Cmd
	*m.feedback, cmd = m.feedback.Update(msg)
	return nil, cmd
}

func (m *Model) answer(a perm.Answer, feedback string) *Answer {
	return &Answer{RequestID: m.req.ID, Answer: a, Feedback: feedback}
}
