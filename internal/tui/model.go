package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tui/chat"
	"github.com/honecode/hone/internal/tui/completion"
	permdlg "github.com/honecode/hone/internal/tui/dialogs/permission"
	"github.com/honecode/hone/internal/tui/editor"
	"github.com/honecode/hone/internal/tui/keys"
	"github.com/honecode/hone/internal/tui/onboarding"
	"github.com/honecode/hone/internal/tui/queue"
	"github.com/honecode/hone/internal/tui/status"
	"github.com/honecode/hone/internal/tui/styles"
)

// focusArea is the component that receives plain keys.
type focusArea int

const (
	focusEditor focusArea = iota
	focusChat
	focusQueue
)

// dialog is an open dialog other than the permission dialog.
type dialog interface {
	View(width, height int) string
}

// Model is the root model: it owns the components and routes messages to
// them. Create it with NewModel; Run drives it in a tea.Program.
type Model struct {
	ctx  context.Context
	b    Backend
	opts Options
	keys keys.Map

	theme         *styles.Theme
	width, height int
	started       bool // setup checked, the chat screen is up

	sess     session.Session // ID "" until the first prompt creates it
	sending  bool            // a prompt is on its way to the agent
	inflight string          // its text
	early    []editor.Submit // prompts typed meanwhile, sent in order
	runSeq   int             // numbers Run calls; the last one is in flight
	busy     bool
	summing  bool
	retrying bool // the client waits to retry a failed call
	// failed is set when the session's last turn failed in a way "retry
	// now" may mend; the error line shows the key.
	failed  bool
	models  ModelState
	files   []FileChange
	servers []ServerStatus
	workDir string

	chat       *chat.Model
	editor     *editor.Model
	queue      *queue.Model
	completion *completion.Model
	status     *status.Model
	sidebarOn  bool
	focus      focusArea
	listing    bool // the file list for @ is being read

	dialog    dialog
	perm      *permdlg.Model
	permQueue []permission.Request
	// typedAt is when a key last went anywhere but the permission dialog
	// (the editor, the chat, another dialog): a request shown soon after
	// opens passive.
	typedAt time.Time

	onboarding *onboarding.Model
	ticking    bool

	// settingMode is set while a mode switch is on its way to the
	// backend; the status bar already shows the mode wanted, and presses
	// meanwhile advance it further (one switch in flight at a time).
	settingMode bool
	// cancelFlash is the id of the "cancelling…" message, cleared when
	// the turn has ended.
	cancelFlash int
	// answeredBy is the "provider/model" of the session's latest answer.
	answeredBy string
	// unfocused is set while the terminal reports that it lost focus:
	// the end of a turn and permission requests then notify.
	unfocused bool
	// bgDark is the background the terminal reported (or was assumed).
	bgDark bool
	// reviewMode is the mode to restore when the /review turn ends (""
	// when no review runs).
	reviewMode string
	// historyShown maps the paths of the open file history to how they
	// are shown.
	historyShown map[string]string
	// chosen are models picked before the session existed, recorded on
	// it once it is created.
	chosen map[ModelRole]string
}

// NewModel builds the root model. Call Bridge (or use Run) to feed it
// broker events.
func NewModel(ctx context.Context, b Backend, opts Options) *Model {
	theme := startTheme(opts)
	m := &Model{
		ctx: ctx, b: b, opts: opts, keys: keys.Default(),
		theme:      theme,
		workDir:    b.WorkDir(),
		chat:       chat.New(theme),
		editor:     editor.New(theme),
		queue:      queue.New(theme),
		completion: completion.New(theme),
		status:     status.New(theme),
		sidebarOn:  true,
		bgDark:     !opts.Light,
		width:      80,
		height:     24,
	}
	m.status.SetHints(idleHints())
	if opts.Draft != "" {
		m.editor.SetValue(opts.Draft)
	}
	m.layout()
	return m
}

// Init checks whether a provider is usable and asks the terminal for its
// background color.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(tea.RequestBackgroundColor, checkSetupCmd(m.ctx, m.b))
}

func idleHints() []status.Hint {
	return []status.Hint{{Key: "ctrl+p", Desc: "commands"}, {Key: "ctrl+s", Desc: "sessions"}, {Key: "f1", Desc: "help"}}
}

func busyHints() []status.Hint {
	return []status.Hint{{Key: "esc", Desc: "cancel"}, {Key: "ctrl+p", Desc: "commands"}, {Key: "f1", Desc: "help"}}
}

// setTheme switches every component to a new theme.
func (m *Model) setTheme(t *styles.Theme) {
	m.theme = t
	m.chat.SetTheme(t)
	m.editor.SetTheme(t)
	m.queue.SetTheme(t)
	m.completion.SetTheme(t)
	m.status.SetTheme(t)
	if m.onboarding != nil {
		m.onboarding.SetTheme(t)
	}
}
