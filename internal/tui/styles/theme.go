package styles

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// Theme is the set of styles shared by every component. Build one with New
// and treat it as read-only.
type Theme struct {
	// Name is the theme chosen: one of Names ("auto" follows the
	// terminal's background).
	Name    string
	Dark    bool
	NoColor bool

	Text      lipgloss.Style // body text
	Muted     lipgloss.Style // secondary text, hints
	Faint     lipgloss.Style // decorations, line numbers
	Bold      lipgloss.Style
	Accent    lipgloss.Style // titles, the focused element
	Success   lipgloss.Style
	Error     lipgloss.Style
	Warning   lipgloss.Style
	Info      lipgloss.Style
	Selected  lipgloss.Style // the highlighted row of a list or choice
	UserBar   lipgloss.Style // the bar left of user messages
	Reasoning lipgloss.Style

	DiffAdd  lipgloss.Style
	DiffDel  lipgloss.Style
	DiffHunk lipgloss.Style
	LineNum  lipgloss.Style

	Border       lipgloss.Style // sidebar and editor rules
	Dialog       lipgloss.Style // the dialog frame
	DialogTitle  lipgloss.Style
	Key          lipgloss.Style // a key in hints ("ctrl+s")
	StatusBar    lipgloss.Style
	ModeBadges   map[string]lipgloss.Style // by permission mode
	BorderColor  color.Color
	AccentColor  color.Color
	CodeStyle    string // chroma style name for file excerpts
	MarkdownDark bool   // which glamour palette to use
}

// palette holds the raw colors of one background.
type palette struct {
	text, muted, faint, accent, success, errc, warn, info, border color.Color
	addBg, delBg                                                  color.Color
}

func paletteFor(dark, highContrast bool) palette {
	if highContrast {
		return contrastPalette(dark)
	}
	ld := lipgloss.LightDark(dark)
	return palette{
		text:    ld(lipgloss.Color("#1f2328"), lipgloss.Color("#e6e6e6")),
		muted:   ld(lipgloss.Color("#57606a"), lipgloss.Color("#a0a4ab")),
		faint:   ld(lipgloss.Color("#8c959f"), lipgloss.Color("#6b7079")),
		accent:  ld(lipgloss.Color("#6f42c1"), lipgloss.Color("#b392f0")),
		success: ld(lipgloss.Color("#1a7f37"), lipgloss.Color("#56d364")),
		errc:    ld(lipgloss.Color("#cf222e"), lipgloss.Color("#ff7b72")),
		warn:    ld(lipgloss.Color("#9a6700"), lipgloss.Color("#e3b341")),
		info:    ld(lipgloss.Color("#0969da"), lipgloss.Color("#79c0ff")),
		border:  ld(lipgloss.Color("#d0d7de"), lipgloss.Color("#3d444d")),
		addBg:   ld(lipgloss.Color("#dafbe1"), lipgloss.Color("#12361f")),
		delBg:   ld(lipgloss.Color("#ffebe9"), lipgloss.Color("#3d1417")),
	}
}

// New returns the theme for a dark or light background; noColor drops every
// color and keeps only attributes (bold, faint, reverse, underline).
func New(dark, noColor bool) *Theme {
	t := build(dark, noColor, false)
	t.Name = Auto
	return t
}

func build(dark, noColor, highContrast bool) *Theme {
	if noColor {
		return monochrome(dark)
	}
	p := paletteFor(dark, highContrast)
	fg := func(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	t := &Theme{
		Dark:        dark,
		Text:        fg(p.text),
		Muted:       fg(p.muted),
		Faint:       fg(p.faint),
		Bold:        fg(p.text).Bold(true),
		Accent:      fg(p.accent).Bold(true),
		Success:     fg(p.success),
		Error:       fg(p.errc),
		Warning:     fg(p.warn),
		Info:        fg(p.info),
		Selected:    lipgloss.NewStyle().Foreground(p.accent).Bold(true).Reverse(true),
		UserBar:     fg(p.accent),
		Reasoning:   fg(p.muted).Italic(true),
		DiffAdd:     fg(p.success).Background(p.addBg),
		DiffDel:     fg(p.errc).Background(p.delBg),
		DiffHunk:    fg(p.info),
		LineNum:     fg(p.faint),
		Border:      fg(p.border),
		Dialog:      lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(p.accent).Padding(0, 1),
		DialogTitle: fg(p.accent).Bold(true),
		Key:         fg(p.text).Bold(true),
		StatusBar:   fg(p.muted),
		BorderColor: p.border,
		AccentColor: p.accent,
		CodeStyle:   codeStyle(dark),
		ModeBadges: map[string]lipgloss.Style{
			"default":      badge(p.muted),
			"accept-edits": badge(p.info),
			"auto":         badge(p.info),
			"plan":         badge(p.success),
			"yolo":         badge(p.errc),
		},
		MarkdownDark: dark,
	}
	return t
}

func badge(c color.Color) lipgloss.Style {
	return lipgloss.NewStyle().Foreground(c).Bold(true)
}

func codeStyle(dark bool) string {
	if dark {
		return "monokai"
	}
	return "github"
}

// monochrome is the theme without colors.
func monochrome(dark bool) *Theme {
	plain := lipgloss.NewStyle()
	bold := plain.Bold(true)
	faint := plain.Faint(true)
	return &Theme{
		Dark: dark, NoColor: true,
		Text: plain, Muted: faint, Faint: faint, Bold: bold,
		Accent: bold, Success: plain, Error: bold, Warning: bold, Info: plain,
		Selected: plain.Reverse(true), UserBar: bold, Reasoning: faint.Italic(true),
		DiffAdd: plain, DiffDel: plain, DiffHunk: faint, LineNum: faint,
		Border: faint, Dialog: plain.Border(lipgloss.NormalBorder()).Padding(0, 1),
		DialogTitle: bold, Key: bold, StatusBar: plain,
		ModeBadges: map[string]lipgloss.Style{
			"default": bold, "accept-edits": bold, "plan": bold, "yolo": bold.Reverse(true),
		},
		MarkdownDark: dark,
	}
}

// Mode returns the badge style of a permission mode.
func (t *Theme) Mode(mode string) lipgloss.Style {
	if s, ok := t.ModeBadges[mode]; ok {
		return s
	}
	return t.Bold
}
