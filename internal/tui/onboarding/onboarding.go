// Package onboarding is the first-run screen shown when no provider is
// usable: it lists the supported providers and the environment variable
// each needs, shows whether a local Ollama answered, and lets the user pick
// a usable provider and its large and small models, which the root model
// writes to the global config (the key only as a $VAR reference).
package onboarding

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/styles"
)

// Provider is a supported provider.
type Provider struct {
	Name, Type   string
	EnvVar       string
	KeySet       bool
	BaseURL      string // set for local servers (Ollama)
	DefaultLarge string
	DefaultSmall string
	Models       []string
}

func (p Provider) usable() bool { return (p.KeySet || p.BaseURL != "") && len(p.Models) > 0 }

// Save asks to write this selection to the global config.
type Save struct {
	Provider, Type, BaseURL string
	// APIKeyRef is "$" + the provider's EnvVar ("" for keyless servers).
	APIKeyRef string
	// APIKey is the key the user pasted for APIKeyRef's variable ("" when
	// the variable is set): it goes to the 0600 secrets file, never to
	// the config, the screen or a log.
	APIKey       string
	Large, Small string
}

// Quit asks to leave Hone.
type Quit struct{}

// Action is what the user asked for: Save or Quit.
type Action interface{ isAction() }

func (Save) isAction() {}
func (Quit) isAction() {}

type step int

const (
	choosing step = iota
	enteringKey
	pickingModels
)

// KeyMap holds the screen's keys.
type KeyMap struct {
	Up, Down, Next, Confirm, Back, Quit key.Binding
}

// DefaultKeyMap returns the screen's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:      key.NewBinding(key.WithKeys("up", "k")),
		Down:    key.NewBinding(key.WithKeys("down", "j")),
		Next:    key.NewBinding(key.WithKeys("tab", "shift+tab")),
		Confirm: key.NewBinding(key.WithKeys("enter")),
		Back:    key.NewBinding(key.WithKeys("esc")),
		Quit:    key.NewBinding(key.WithKeys("ctrl+c", "q")),
	}
}

// Model is the onboarding screen.
type Model struct {
	theme     *styles.Theme
	keys      KeyMap
	providers []Provider
	ollama    string // "" probing, "found", "absent"
	sel       int
	step      step
	field     int    // 0 large, 1 small
	model     [2]int // indices into the chosen provider's Models
	saving    bool
	err       string
	// key is what the user pasted or typed for the chosen provider's
	// variable; it is never drawn.
	key string
}

// New returns the screen for the supported providers; SetOllama adds the
// probe's result when it arrives.
func New(t *styles.Theme, providers []Provider) *Model {
	m := &Model{theme: t, keys: DefaultKeyMap(), providers: providers}
	m.selectFirstUsable()
	return m
}

// SetTheme applies colors.
func (m *Model) SetTheme(t *styles.Theme) { m.theme = t }

// SetOllama records the local Ollama probe: found with its endpoint and
// models, or absent.
func (m *Model) SetOllama(found bool, baseURL string, models []string) {
	if !found {
		m.ollama = "absent"
		return
	}
	m.ollama = "found"
	for i, p := range m.providers {
		if p.Name == "ollama" {
			m.providers[i].BaseURL, m.providers[i].Models = baseURL, models
			m.selectFirstUsable()
			return
		}
	}
	m.providers = append(m.providers, Provider{Name: "ollama", Type: "openai-compat", BaseURL: baseURL, Models: models})
	m.selectFirstUsable()
}

// SetError shows why saving failed and lets the user try again.
func (m *Model) SetError(err string) { m.err, m.saving = err, false }

func (m *Model) selectFirstUsable() {
	if m.sel < len(m.providers) && m.providers[m.sel].usable() {
		return
	}
	for i, p := range m.providers {
		if p.usable() {
			m.sel = i
			return
		}
	}
}

// HandleKey handles a key and returns Save or Quit when the user is done.
func (m *Model) HandleKey(msg tea.KeyPressMsg) Action {
	if key.Matches(msg, m.keys.Quit) && (msg.String() == "ctrl+c" || m.step == choosing) {
		return Quit{}
	}
	if m.saving {
		return nil
	}
	switch m.step {
	case choosing:
		return m.handleChoose(msg)
	case enteringKey:
		m.handleKeyEntry(msg)
		return nil
	}
	return m.handlePick(msg)
}

// HandlePaste takes pasted text: the key, while it is asked for.
func (m *Model) HandlePaste(text string) {
	if m.step == enteringKey && !m.saving {
		m.key += strings.TrimSpace(text)
	}
}

// handleKeyEntry edits the hidden key; Enter accepts it, Esc goes back.
func (m *Model) handleKeyEntry(msg tea.KeyPressMsg) {
	switch {
	case key.Matches(msg, m.keys.Back):
		m.step, m.key = choosing, ""
	case key.Matches(msg, m.keys.Confirm):
		if strings.TrimSpace(m.key) == "" {
			m.err = "paste the key first (or esc to go back)"
			return
		}
		m.key = strings.TrimSpace(m.key)
		m.providers[m.sel].KeySet = true
		m.startPicking()
	case msg.String() == "backspace":
		if r := []rune(m.key); len(r) > 0 {
			m.key = string(r[:len(r)-1])
		}
	case msg.String() == "ctrl+u":
		m.key = ""
	case msg.Text != "":
		m.key += msg.Text
	}
}

// startPicking moves to choosing the models of the selected provider.
func (m *Model) startPicking() {
	p := m.providers[m.sel]
	m.step, m.field, m.err = pickingModels, 0, ""
	m.model = [2]int{indexOr(p.Models, p.DefaultLarge), indexOr(p.Models, p.DefaultSmall)}
}

func (m *Model) handleChoose(msg tea.KeyPressMsg) Action {
	switch {
	case key.Matches(msg, m.keys.Up):
		m.sel = max(m.sel-1, 0)
	case key.Matches(msg, m.keys.Down):
		m.sel = min(m.sel+1, max(len(m.providers)-1, 0))
	case key.Matches(msg, m.keys.Confirm) && m.sel < len(m.providers):
		p := m.providers[m.sel]
		switch {
		case p.usable():
			m.startPicking()
		case p.EnvVar != "" && len(p.Models) > 0:
			m.step, m.key, m.err = enteringKey, "", "" // a provider without its key: ask for it
		}
	}
	return nil
}

func (m *Model) handlePick(msg tea.KeyPressMsg) Action {
	p := m.providers[m.sel]
	n := len(p.Models)
	switch {
	case key.Matches(msg, m.keys.Back):
		m.step = choosing
		if m.key != "" { // the pasted key was for this provider only
			m.providers[m.sel].KeySet, m.key = false, ""
		}
	case key.Matches(msg, m.keys.Next):
		m.field = 1 - m.field
	case key.Matches(msg, m.keys.Up):
		m.model[m.field] = (m.model[m.field] + n - 1) % n
	case key.Matches(msg, m.keys.Down):
		m.model[m.field] = (m.model[m.field] + 1) % n
	case key.Matches(msg, m.keys.Confirm):
		m.saving = true
		s := Save{Provider: p.Name, Type: p.Type, BaseURL: p.BaseURL,
			Large: p.Models[m.model[0]], Small: p.Models[m.model[1]]}
		if p.EnvVar != "" && p.BaseURL == "" {
			s.APIKeyRef, s.APIKey = "$"+p.EnvVar, m.key
		}
		return s
	}
	return nil
}

func indexOr(list []string, v string) int {
	for i, s := range list {
		if s == v {
			return i
		}
	}
	return 0
}
