package chat

import (
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/tui/markdown"
	"github.com/honecode/hone/internal/tui/styles"
)

// Model is the chat view. The zero value is not usable; call New.
type Model struct {
	theme *styles.Theme
	md    *markdown.Renderer
	keys  KeyMap
	gen   int // theme generation, part of every cache key

	width, height int

	items   []*item
	byID    map[string]*item
	calls   map[string]*item    // tool call id → item holding the call
	results map[string]llm.Part // tool call id → its result
	started map[string]bool     // tool call ids reported running
	rev     int                 // last version handed out

	busy     bool
	frame    int
	expanded map[string]bool // fold key → expanded

	follow bool // stick to the bottom
	top    int  // first visible item when not following
	offset int  // lines of items[top] scrolled past

	focused bool
	sel     string // selected fold key ("" for none)

	old older // messages before the loaded ones
}

// New returns an empty chat using theme.
func New(theme *styles.Theme) *Model {
	m := &Model{keys: DefaultKeyMap(), follow: true}
	m.SetTheme(theme)
	m.reset()
	return m
}

func (m *Model) reset() {
	m.items = nil
	m.byID = make(map[string]*item)
	m.calls = make(map[string]*item)
	m.results = make(map[string]llm.Part)
	m.started = make(map[string]bool)
	m.expanded = make(map[string]bool)
	m.follow, m.top, m.offset, m.sel = true, 0, 0, ""
	m.old = older{}
}

// SetTheme switches colors (dark/light background); every item renders
// again on its next display.
func (m *Model) SetTheme(t *styles.Theme) {
	m.theme = t
	m.md = markdown.New(t.Markdown())
	m.gen++
	for _, it := range m.items {
		it.docs = nil
	}
}

// SetSize sets the area the chat draws in.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 1), max(height, 1)
}

// SetBusy tells the chat whether a turn is running in its session; tool
// calls without a result are shown running while busy and interrupted
// otherwise.
func (m *Model) SetBusy(busy bool) { m.busy = busy }

// Busy reports what SetBusy last set.
func (m *Model) Busy() bool { return m.busy }

// Tick advances the spinner one frame.
func (m *Model) Tick() { m.frame = (m.frame + 1) % styles.SpinnerFrames }

func (m *Model) spinner() string { return styles.Spinner(m.frame) }

// Len is the number of items (messages and info lines) shown.
func (m *Model) Len() int { return len(m.items) }

// Following reports whether the view sticks to the bottom.
func (m *Model) Following() bool { return m.follow }

func (m *Model) bump(it *item) {
	m.rev++
	it.version = m.rev
}
