package onboarding

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// View draws the screen in width × height cells.
func (m *Model) View(width, height int) string {
	w := min(width-4, 90)
	var lines []string
	t := m.theme
	lines = append(lines, t.Accent.Render("Welcome to Hone"), "")
	lines = append(lines, wrapped(t.Text.Render, "Hone needs a model provider. Pick one below: a provider whose key is missing asks you to paste it. Hone writes the choice to your global config, referring to the key by its variable name only.", w)...)
	lines = append(lines, "")
	switch m.step {
	case choosing:
		lines = append(lines, m.providerLines(w)...)
		lines = append(lines, "", t.Muted.Render(m.ollamaLine()))
		lines = append(lines, "", t.Muted.Render("↑/↓ choose · enter continue (asks for a missing key) · q quit"))
	case enteringKey:
		lines = append(lines, m.keyLines(w)...)
	default:
		lines = append(lines, m.modelLines(w)...)
		lines = append(lines, "", t.Muted.Render("↑/↓ change model · tab large/small · enter save · esc back"))
	}
	if m.saving {
		lines = append(lines, "", t.Info.Render("saving…"))
	}
	if m.err != "" {
		lines = append(lines, "", t.Error.Render(m.err))
	}
	for i, ln := range lines {
		n := ansi.StringWidth(ln)
		if n > w {
			lines[i] = ansi.Truncate(ln, w-1, "…")
		} else {
			lines[i] = ln + strings.Repeat(" ", w-n) // left-aligned block, centered as a whole
		}
	}
	body := strings.Join(lines, "\n")
	return lipgloss.Place(width, height, lipgloss.Center, lipgloss.Center, body)
}

func (m *Model) providerLines(w int) []string {
	t := m.theme
	var out []string
	nameW := 0
	for _, p := range m.providers {
		nameW = max(nameW, len(p.Name))
	}
	for i, p := range m.providers {
		need := p.EnvVar
		state := t.Faint.Render("set " + need)
		switch {
		case p.BaseURL != "":
			state = t.Success.Render("✓ running at " + p.BaseURL)
		case p.KeySet && len(p.Models) > 0:
			state = t.Success.Render("✓ " + need + " is set")
		case need == "":
			state = t.Faint.Render("not detected")
		}
		name := p.Name + strings.Repeat(" ", nameW-len(p.Name))
		if i == m.sel {
			out = append(out, t.Selected.Render("› "+name)+"  "+state)
		} else {
			out = append(out, "  "+t.Text.Render(name)+"  "+state)
		}
	}
	return out
}

// keyLines ask for the chosen provider's key without ever drawing it.
func (m *Model) keyLines(w int) []string {
	t := m.theme
	p := m.providers[m.sel]
	out := wrapped(t.Text.Render, "Paste the API key for "+p.Name+" ("+p.EnvVar+"). It is not shown. Hone saves it in secrets.json next to your global config (readable only by you) and your config refers to it as $"+p.EnvVar+"; a variable of that name in your environment wins over the file.", w)
	got := t.Faint.Render("(nothing pasted yet)")
	if n := len([]rune(m.key)); n > 0 {
		got = t.Success.Render(strconv.Itoa(n) + " characters received (hidden)")
	}
	return append(out, "", t.Accent.Render("key › ")+got, "", t.Muted.Render("paste or type the key · enter continue · ctrl+u clear · esc back"))
}

func (m *Model) ollamaLine() string {
	switch m.ollama {
	case "":
		return "looking for a local Ollama…"
	case "found":
		return "a local Ollama answered"
	}
	return "no local Ollama found (start `ollama serve` or set OLLAMA_HOST, then restart)"
}

func (m *Model) modelLines(w int) []string {
	t := m.theme
	p := m.providers[m.sel]
	out := []string{t.Bold.Render(p.Name)}
	for i, label := range []string{"large model (turns)", "small model (titles, summaries)"} {
		val := p.Models[m.model[i]]
		if i == m.field {
			out = append(out, t.Muted.Render(label), t.Selected.Render("‹ "+val+" ›"))
		} else {
			out = append(out, t.Muted.Render(label), t.Text.Render("  "+val))
		}
	}
	return out
}

func wrapped(style func(...string) string, s string, w int) []string {
	var out []string
	for _, ln := range strings.Split(ansi.Wrap(s, w, ""), "\n") {
		out = append(out, style(ln))
	}
	return out
}
