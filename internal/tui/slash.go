package tui

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/chat"
	"github.com/honecode/hone/internal/tui/editor"
	"github.com/honecode/hone/internal/tui/format"
	"github.com/honecode/hone/internal/tui/status"
)

// initPrompt asks the agent to write the project's AGENTS.md.
const initPrompt = `/init: Look at this project — its layout, build and package files, README, tests, CI and code conventions — and write an AGENTS.md at the project root for coding agents and new contributors. Cover: what the project is (two lines), how to build, test, lint and run it (exact commands), the architecture in a short map of the main directories, the code style and conventions the code actually follows, and anything surprising a newcomer would get wrong. If an AGENTS.md exists, improve it and keep what is still right. Keep it short and factual: no guesses, only what you saw in the files.`

// reviewPrompt asks for a critic pass over the working tree's changes.
const reviewPrompt = `/review: Review the uncommitted changes of this repository as a demanding code reviewer. Run read-only commands such as "git status" and "git diff HEAD" (and read the files around the changes) to see what changed. Do not change any file. Report findings ordered by severity — bugs and wrong behaviour, security problems, missing or weak tests, unclear code — each with file:line, what is wrong and how to fix it. Say plainly when you found nothing that matters.`

// runSlash runs the palette commands that are not plain toggles.
func (m *Model) runSlash(id, args string) tea.Cmd {
	switch id {
	case cmdCopy:
		return m.copyAnswer(args)
	case cmdCost:
		m.chat.AddInfo(chat.LevelInfo, m.costLine())
	case cmdExport:
		if m.sess.ID == "" {
			return m.flash(status.Warn, "nothing to export yet")
		}
		return exportCmd(m.ctx, m.b, m.sess.ID, args)
	case cmdMCP, cmdLSP:
		m.serverLines(id)
	case cmdTheme:
		if args == "" {
			m.openThemes()
			return nil
		}
		return m.switchTheme(args)
	case cmdInit:
		return m.submit(editor.Submit{Text: initPrompt})
	case cmdReview:
		return m.startReview(args)
	}
	return nil
}

// copyAnswer copies the last answer (or its last code block, with
// "code") to the clipboard through OSC 52, which works over SSH.
func (m *Model) copyAnswer(args string) tea.Cmd {
	text, what := m.chat.LastAnswer(), "the last answer"
	if strings.TrimSpace(args) == "code" {
		text, what = m.chat.LastCodeBlock(), "the last code block"
	}
	if text == "" {
		return m.flash(status.Warn, "nothing to copy: no "+strings.TrimPrefix(what, "the ")+" yet")
	}
	return m.copyText(text, what)
}

// copyText puts text on the clipboard and says so.
func (m *Model) copyText(text, what string) tea.Cmd {
	return tea.Batch(tea.SetClipboard(text), m.flash(status.Info, fmt.Sprintf("copied %s (%d characters)", what, len([]rune(text)))))
}

// costLine sums up the session's use.
func (m *Model) costLine() string {
	s := m.sess
	if s.ID == "" {
		return "cost: nothing spent yet in this session"
	}
	return fmt.Sprintf("cost %s · %s tokens in · %s out · %s cache read · %s cache write",
		format.Cost(s.Cost), format.Tokens(s.InputTokens), format.Tokens(s.OutputTokens),
		format.Tokens(s.CacheReadTokens), format.Tokens(s.CacheWriteTokens))
}

// serverLines lists the MCP or language servers (kind "mcp" or "lsp").
func (m *Model) serverLines(kind string) {
	name := map[string]string{cmdMCP: "MCP servers", cmdLSP: "language servers"}[kind]
	var lines []string
	for _, sv := range m.servers {
		if sv.Kind != kind {
			continue
		}
		line := sv.Name + ": " + sv.State
		if sv.Error != "" {
			line += " — " + sv.Error
		}
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		m.chat.AddInfo(chat.LevelInfo, "no "+name+" configured or running")
		return
	}
	m.chat.AddInfo(chat.LevelInfo, name+":\n"+strings.Join(lines, "\n"))
}

// startReview runs the review prompt in plan mode, where the model gets
// only read-only tools and every write or command that is not read-only
// is refused; the mode before comes back when the turn ends.
func (m *Model) startReview(focus string) tea.Cmd {
	if m.busy || m.sending {
		return m.flash(status.Warn, "/review: wait until the running turn ends")
	}
	prompt := reviewPrompt
	if focus != "" {
		prompt += "\n\nFocus on: " + focus
	}
	prev := m.status.Mode()
	if prev != "plan" {
		m.reviewMode = prev
	}
	m.status.SetMode("plan")
	m.settingMode = true
	return tea.Sequence(setModeCmd(m.b, "plan"), m.submit(editor.Submit{Text: prompt}))
}

// endReview gives back the mode that was on before /review.
func (m *Model) endReview() tea.Cmd {
	prev := m.reviewMode
	if prev == "" {
		return nil
	}
	m.reviewMode = ""
	m.status.SetMode(prev)
	if m.settingMode {
		return nil // handleMode sends the mode shown when the switch lands
	}
	m.settingMode = true
	return setModeCmd(m.b, prev)
}

func exportCmd(ctx context.Context, b Sessions, id, file string) tea.Cmd {
	return func() tea.Msg {
		path, err := b.ExportSession(ctx, id, file)
		if err != nil {
			return doneMsg{err: err}
		}
		return doneMsg{text: "exported to " + path}
	}
}
