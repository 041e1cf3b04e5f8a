package styles

import (
	"fmt"
	"slices"

	"charm.land/lipgloss/v2"
)

// Theme names, as written in options.tui.theme and offered by /theme.
const (
	// Auto picks Dark or Light from the background the terminal reports.
	Auto         = "auto"
	Dark         = "dark"
	Light        = "light"
	HighContrast = "high-contrast"
)

// Names lists the themes in the order /theme offers them.
func Names() []string { return []string{Auto, Dark, Light, HighContrast} }

// Named returns the theme called name. darkBackground is what the terminal
// reports (or is assumed) for "auto" and decides whether the high-contrast
// theme is light on black or black on white; noColor (NO_COLOR) keeps
// only attributes whatever the name. An unknown name is an error.
func Named(name string, darkBackground, noColor bool) (*Theme, error) {
	if name == "" {
		name = Auto
	}
	if !slices.Contains(Names(), name) {
		return nil, fmt.Errorf("unknown theme %q (want one of auto, dark, light, high-contrast)", name)
	}
	dark := darkBackground
	switch name {
	case Dark:
		dark = true
	case Light:
		dark = false
	}
	t := build(dark, noColor, name == HighContrast)
	t.Name = name
	return t, nil
}

// contrastPalette is pure black or white text with saturated colors, for
// low vision and washed-out screens.
func contrastPalette(dark bool) palette {
	ld := lipgloss.LightDark(dark)
	return palette{
		text:    ld(lipgloss.Color("#000000"), lipgloss.Color("#ffffff")),
		muted:   ld(lipgloss.Color("#1a1a1a"), lipgloss.Color("#f0f0f0")),
		faint:   ld(lipgloss.Color("#333333"), lipgloss.Color("#d0d0d0")),
		accent:  ld(lipgloss.Color("#0000c0"), lipgloss.Color("#ffff00")),
		success: ld(lipgloss.Color("#005f00"), lipgloss.Color("#00ff00")),
		errc:    ld(lipgloss.Color("#b00000"), lipgloss.Color("#ff5f5f")),
		warn:    ld(lipgloss.Color("#7a4a00"), lipgloss.Color("#ffaf00")),
		info:    ld(lipgloss.Color("#00008b"), lipgloss.Color("#00ffff")),
		border:  ld(lipgloss.Color("#000000"), lipgloss.Color("#ffffff")),
		addBg:   ld(lipgloss.Color("#c0ffc0"), lipgloss.Color("#003000")),
		delBg:   ld(lipgloss.Color("#ffc0c0"), lipgloss.Color("#400000")),
	}
}
