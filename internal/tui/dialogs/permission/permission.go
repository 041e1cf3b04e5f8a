// Package permission is the dialog that asks whether a tool may act. It
// shows the tool, its description, the path, and the whole command or diff
// at stake in a scrollable area, says what "Allow for this session" would
// cover (offered only when that is more than this call), and answers
// allow once, allow for this session, deny, or deny with feedback for the
// model.
//
// The dialog never takes keys the user is typing. Who gets the keys:
//
//   - Passive: the dialog opened while the user was composing (the editor
//     holds text, or a key was pressed less than IdleAfter before), or the
//     user went back to typing. Keys go to the editor; only Tab moves the
//     keyboard to the dialog, and PgUp/PgDn and the wheel scroll it.
//   - Focused: the dialog opened while the user was idle, or the root
//     model gave it the keyboard after a pause with an empty editor.
//     "Allow once" is highlighted: Enter confirms the highlighted answer and
//     Esc denies (both ignored for InputGuard), Tab and the arrows choose
//     or scroll. Any printable key goes back to the editor, the dialog
//     turning passive: nothing typed is lost or taken as an answer.
//   - Engaged: the user pressed Tab, an arrow or a scroll key in the
//     dialog. The letter keys answer too: a allow once, s allow for this
//     session, d deny, f deny with feedback.
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

// InputGuard is how long after the dialog takes the keyboard on its own
// (not by a key of the user) Enter and Esc are ignored: nobody reads a
// request that fast.
const InputGuard = 400 * time.Millisecond

// IdleAfter is how long without a key press counts as not typing.
const IdleAfter = time.Second

// Answer is the user's decision on the request.
type Answer struct {
	RequestID string
	Answer    perm.Answer
	Feedback  string
}

type choice struct {
	label    string
	answer   perm.Answer
	feedback bool // asks for a message first
}

// state says who gets the keys (see the package documentation).
type state int

const (
	passive state = iota
	focused
	engaged
)

// Model is the permission dialog for one request.
type Model struct {
	theme    *styles.Theme
	req      perm.Request
	keys     KeyMap
	state    state
	since    time.Time // when the dialog last took the keyboard
	choices  []choice
	sel      int
	feedback *textinput.Model
	// width and height are the area the dialog is drawn in (SetSize); top
	// is the first row of the scrollable content shown.
	width, height, top int
}

// New opens the dialog for req at time now. typing says that the user is
// composing a prompt: the dialog then opens passive.
func New(t *styles.Theme, req perm.Request, now time.Time, typing bool) *Model {
	m := &Model{theme: t, req: req, keys: DefaultKeyMap(), since: now, width: 80, height: 24}
	m.choices = []choice{{label: "Allow once", answer: perm.AllowOnce}}
	if req.SessionScope != "" {
		m.choices = append(m.choices, choice{label: "Allow for this session", answer: perm.AllowSession})
	}
	if req.AlwaysRule != "" {
		m.choices = append(m.choices, choice{label: "Always allow", answer: perm.AllowAlways})
	}
	m.choices = append(m.choices, choice{label: "Deny", answer: perm.Deny},
		choice{label: "Deny with feedback…", answer: perm.Deny, feedback: true})
	if !typing {
		m.state = focused
	}
	return m
}

// Request is the request being asked.
func (m *Model) Request() perm.Request { return m.req }

// Passive reports whether keys go to the editor rather than the dialog.
func (m *Model) Passive() bool { return m.state == passive }

// TakeKeyboard makes a passive dialog take the keyboard at time now (the
// user stopped typing and the editor is empty).
func (m *Model) TakeKeyboard(now time.Time) {
	if m.state == passive {
		m.state, m.since = focused, now
	}
}

// Release gives the keyboard back to the editor (the user pasted text).
func (m *Model) Release() {
	if m.feedback == nil {
		m.state = passive
	}
}

// HandleKey handles a key pressed at time now. handled is false when the
// key belongs to the editor: the dialog is passive, or the user started
// typing and the dialog turned passive. ans is set once the user decided.
func (m *Model) HandleKey(msg tea.KeyPressMsg, now time.Time) (ans *Answer, handled bool, cmd tea.Cmd) {
	if m.feedback != nil {
		ans, cmd = m.handleFeedback(msg)
		return ans, true, cmd
	}
	if m.state == passive {
		return nil, m.passiveKey(msg), nil
	}
	if m.navigate(msg) {
		m.state = engaged
		return nil, true, nil
	}
	switch {
	case key.Matches(msg, m.keys.Confirm, m.keys.Cancel) && m.state == focused && now.Sub(m.since) < InputGuard:
		return nil, true, nil
	case key.Matches(msg, m.keys.Confirm):
		return m.confirm(), true, nil
	case key.Matches(msg, m.keys.Cancel):
		return m.answer(perm.Deny, ""), true, nil
	case m.state == engaged && key.Matches(msg, m.keys.AllowOnce, m.keys.AllowSession, m.keys.AllowAlways, m.keys.Deny, m.keys.Feedback):
		return m.letterAnswer(msg), true, nil
	case msg.Text != "":
		m.state = passive // the user is typing: the key goes to the editor
		return nil, false, nil
	}
	return nil, true, nil
}

// passiveKey handles the keys a passive dialog takes from the editor.
func (m *Model) passiveKey(msg tea.KeyPressMsg) bool {
	switch {
	case key.Matches(msg, m.keys.Engage):
		m.state = engaged
	case key.Matches(msg, m.keys.PageUp):
		m.scroll(-m.page())
	case key.Matches(msg, m.keys.PageDown):
		m.scroll(m.page())
	default:
		return false
	}
	return true
}

// navigate moves the highlight or scrolls; false for any other key.
func (m *Model) navigate(msg tea.KeyPressMsg) bool {
	n := len(m.choices)
	switch {
	case key.Matches(msg, m.keys.Next):
		m.sel = (m.sel + 1) % n
	case key.Matches(msg, m.keys.Prev):
		m.sel = (m.sel + n - 1) % n
	case key.Matches(msg, m.keys.LineUp):
		m.scroll(-1)
	case key.Matches(msg, m.keys.LineDown):
		m.scroll(1)
	case key.Matches(msg, m.keys.PageUp):
		m.scroll(-m.page())
	case key.Matches(msg, m.keys.PageDown):
		m.scroll(m.page())
	case key.Matches(msg, m.keys.Top):
		m.top = 0
	case key.Matches(msg, m.keys.Bottom):
		m.top = m.maxTop()
	default:
		return false
	}
	return true
}

func (m *Model) letterAnswer(msg tea.KeyPressMsg) *Answer {
	switch {
	case key.Matches(msg, m.keys.AllowOnce):
		return m.answer(perm.AllowOnce, "")
	case key.Matches(msg, m.keys.AllowSession):
		if m.req.SessionScope == "" {
			return nil // not offered
		}
		return m.answer(perm.AllowSession, "")
	case key.Matches(msg, m.keys.AllowAlways):
		if m.req.AlwaysRule == "" {
			return nil // not offered
		}
		return m.answer(perm.AllowAlways, "")
	case key.Matches(msg, m.keys.Deny):
		return m.answer(perm.Deny, "")
	}
	m.openFeedback()
	return nil
}

func (m *Model) confirm() *Answer {
	c := m.choices[m.sel]
	if c.feedback {
		m.openFeedback()
		return nil
	}
	return m.answer(c.answer, "")
}

func (m *Model) openFeedback() {
	in := dialogs.NewInput(m.theme, "tell the model what to do instead")
	m.feedback = &in
	m.sel = len(m.choices) - 1
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
