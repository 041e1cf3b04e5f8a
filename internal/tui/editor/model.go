package editor

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/styles"
)

// Action is what a key asked the root model to do.
type Action interface{ isAction() }

// Submit sends the prompt (the editor has already been cleared).
type Submit struct {
	Text        string
	Attachments []Attachment
}

// OpenExternal asks to edit Text in $EDITOR; the result comes back
// through SetValue.
type OpenExternal struct{ Text string }

func (Submit) isAction()       {}
func (OpenExternal) isAction() {}

// Model is the prompt editor. The zero value is not usable; call New.
type Model struct {
	theme       *styles.Theme
	ta          textarea.Model
	keys        KeyMap
	hist        history
	attachments []Attachment
	pastes      int
	width       int
	busy        bool
}

// New returns an empty, focused editor.
func New(theme *styles.Theme) *Model {
	ta := textarea.New()
	ta.ShowLineNumbers = false
	ta.SetPromptFunc(2, func(info textarea.PromptInfo) string {
		if info.LineNumber == 0 {
			return "> "
		}
		return "  "
	})
	ta.DynamicHeight = true
	ta.MinHeight = 1
	ta.MaxHeight = 8
	ta.MaxContentHeight = 5000
	ta.CharLimit = 0
	ta.SetVirtualCursor(false)
	ta.KeyMap = textKeys(ta.KeyMap)
	ta.Focus()
	m := &Model{ta: ta, keys: DefaultKeyMap()}
	m.SetTheme(theme)
	m.setPlaceholder()
	return m
}

// textKeys frees keys the application uses for itself (Enter, Ctrl+E,
// Ctrl+N/P, Ctrl+T, Ctrl+Home/End) from the text area.
func textKeys(k textarea.KeyMap) textarea.KeyMap {
	k.InsertNewline = key.NewBinding(key.WithDisabled())
	k.LineEnd = key.NewBinding(key.WithKeys("end"))
	k.LineStart = key.NewBinding(key.WithKeys("home", "ctrl+a"))
	k.LinePrevious = key.NewBinding(key.WithKeys("up"))
	k.LineNext = key.NewBinding(key.WithKeys("down"))
	k.TransposeCharacterBackward = key.NewBinding(key.WithDisabled())
	k.InputBegin = key.NewBinding(key.WithKeys("alt+<"))
	k.InputEnd = key.NewBinding(key.WithKeys("alt+>"))
	k.CharacterForward = key.NewBinding(key.WithKeys("right", "ctrl+f"))
	return k
}

// SetTheme applies colors.
func (m *Model) SetTheme(t *styles.Theme) {
	m.theme = t
	s := textarea.DefaultStyles(t.Dark)
	s.Focused.CursorLine = t.Text
	s.Focused.Text = t.Text
	s.Focused.Placeholder = t.Faint
	s.Focused.Prompt = t.Accent
	s.Blurred = s.Focused
	s.Blurred.Prompt = t.Faint
	s.Cursor.Blink = false
	m.ta.SetStyles(s)
}

// SetSize sets the width and the most lines the text area may grow to.
func (m *Model) SetSize(width, maxLines int) {
	m.width = max(width, 10)
	m.ta.MaxHeight = max(maxLines, 1)
	m.ta.SetWidth(m.width)
}

// SetBusy switches the placeholder to say prompts will be queued.
func (m *Model) SetBusy(busy bool) {
	m.busy = busy
	m.setPlaceholder()
}

func (m *Model) setPlaceholder() {
	if m.busy {
		m.ta.Placeholder = "Queue a follow-up… (esc cancels the turn)"
	} else {
		m.ta.Placeholder = "Ask anything… (@ attaches files, / opens commands)"
	}
}

// Focus and Blur move the keyboard in and out of the editor.
func (m *Model) Focus() { m.ta.Focus() }

// Blur takes the keyboard away from the editor.
func (m *Model) Blur() { m.ta.Blur() }

// Value is the prompt text.
func (m *Model) Value() string { return m.ta.Value() }

// Empty reports whether there is neither text nor an attachment.
func (m *Model) Empty() bool { return m.ta.Value() == "" && len(m.attachments) == 0 }

// SetValue replaces the prompt text (from $EDITOR).
func (m *Model) SetValue(s string) { m.ta.SetValue(strings.TrimRight(s, "\n")) }

// SetHistory seeds prompt history (the session's earlier prompts).
func (m *Model) SetHistory(prompts []string) { m.hist.set(prompts) }

// Attachments returns the pending attachments.
func (m *Model) Attachments() []Attachment { return m.attachments }

// HandleKey processes a key press.
func (m *Model) HandleKey(msg tea.KeyPressMsg) (Action, tea.Cmd) {
	switch {
	case key.Matches(msg, m.keys.Send):
		return m.submit(), nil
	case key.Matches(msg, m.keys.Newline):
		m.ta.InsertString("\n")
		return nil, nil
	case key.Matches(msg, m.keys.External):
		return OpenExternal{Text: m.ta.Value()}, nil
	case key.Matches(msg, m.keys.HistPrev) && m.onFirstRow():
		if s, ok := m.hist.prev(m.ta.Value()); ok {
			m.ta.SetValue(s)
			return nil, nil
		}
	case key.Matches(msg, m.keys.HistNext) && m.onLastRow():
		if s, ok := m.hist.next(); ok {
			m.ta.SetValue(s)
			return nil, nil
		}
	case key.Matches(msg, m.keys.DropAttach) && m.ta.Value() == "" && len(m.attachments) > 0:
		m.attachments = m.attachments[:len(m.attachments)-1]
		return nil, nil
	}
	var cmd tea.Cmd
	m.ta, cmd = m.ta.Update(msg)
	return nil, cmd
}

// HandlePaste inserts pasted text, or attaches it when it is large.
func (m *Model) HandlePaste(content string) tea.Cmd {
	if isLargePaste(content) {
		m.pastes++
		m.attachments = append(m.attachments, Attachment{Name: pasteName(m.pastes), Text: content})
		return nil
	}
	var cmd tea.Cmd
	m.ta, cmd = m.ta.Update(tea.PasteMsg{Content: content})
	return cmd
}

func pasteName(n int) string { return "paste-" + itoa(n) + ".txt" }

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func (m *Model) submit() Action {
	text := strings.TrimSpace(m.ta.Value())
	if text == "" && len(m.attachments) == 0 {
		return nil
	}
	if text != "" {
		m.hist.add(text)
	}
	a := Submit{Text: text, Attachments: m.attachments}
	m.attachments = nil
	m.ta.Reset()
	return a
}

func (m *Model) onFirstRow() bool { return m.ta.Line() == 0 && m.ta.LineInfo().RowOffset == 0 }

func (m *Model) onLastRow() bool {
	li := m.ta.LineInfo()
	return m.ta.Line() == m.ta.LineCount()-1 && li.RowOffset == li.Height-1
}

// Height is the number of lines View returns.
func (m *Model) Height() int {
	h := m.ta.Height()
	if len(m.attachments) > 0 {
		h++
	}
	return h
}

// View renders the attachment chips (when any) above the text area.
func (m *Model) View() string {
	if len(m.attachments) == 0 {
		return m.ta.View()
	}
	return m.chips() + "\n" + m.ta.View()
}

func (m *Model) chips() string {
	var b strings.Builder
	b.WriteString(m.theme.Faint.Render("attached:"))
	for _, a := range m.attachments {
		b.WriteString(" " + m.theme.Info.Render("["+a.label()+"]"))
	}
	return clipLine(b.String(), m.width)
}

// Cursor returns the terminal cursor position relative to the editor's
// top-left cell (nil when the editor is blurred).
func (m *Model) Cursor() *tea.Cursor {
	c := m.ta.Cursor()
	if c != nil && len(m.attachments) > 0 {
		c.Y++
	}
	return c
}
