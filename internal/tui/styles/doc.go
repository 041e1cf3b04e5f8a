// Package styles holds the TUI's Theme: every lipgloss style the
// components use, built for a dark or a light terminal background, or
// without colors (NO_COLOR). Components never pick colors themselves; when
// colors are off they still mark state with glyphs and text attributes.
package styles
