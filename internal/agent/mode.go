package agent

import (
	"context"
	"fmt"
	"strings"

	"github.com/honecode/hone/internal/permission"
)

// planSection tells the model that plan mode is on.
const planSection = `Plan mode is on: the user wants a plan before anything changes. Explore the code with the read-only tools, ask when something important is unclear, and end your turn with a concrete plan: the files to change, what to change in each, and how to verify the result. Do not try to change files or run commands that change anything: the tools that change files are not offered, and bash runs only commands that just read (anything else is refused). The user will switch modes to carry the plan out.`

// modeText describes a mode other than plan in one sentence ("" for a
// mode this package does not know).
func modeText(m permission.Mode) string {
	switch m {
	case permission.ModeDefault:
		return "Changing files, running commands and network access ask the user first."
	case permission.ModeAcceptEdits:
		return "File changes inside the project are applied without asking; commands and network access ask the user first."
	case permission.ModeYolo:
		return "Every tool call runs without asking the user (deny rules still apply), so take extra care with destructive commands."
	}
	return ""
}

// mode returns the permission mode in force (default without Deps.Modes).
func (c *Coordinator) mode() permission.Mode {
	if c.deps.Modes == nil {
		return permission.ModeDefault
	}
	if m := c.deps.Modes.Mode(); m != "" {
		return m
	}
	return permission.ModeDefault
}

// rememberMode records the mode a session's last request was made in and
// returns the one before ("" when none is known in this process).
func (c *Coordinator) rememberMode(sessionID string, m permission.Mode) permission.Mode {
	c.mu.Lock()
	defer c.mu.Unlock()
	prev := c.modes[sessionID]
	c.modes[sessionID] = m
	return prev
}

// modeSection is the system prompt's "Permission mode" section for mode,
// noting a switch from prev ("" or equal when there was none). It is empty
// in the default mode when nothing changed, so the common prompt stays as
// it was.
func modeSection(mode, prev permission.Mode) string {
	changed := prev != "" && prev != mode
	if mode == permission.ModeDefault && !changed {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n\n# Permission mode\n\n")
	switch text := modeText(mode); {
	case mode == permission.ModePlan:
		b.WriteString(planSection)
	case text != "":
		fmt.Fprintf(&b, "The permission mode is %s. %s", mode, text)
	default:
		fmt.Fprintf(&b, "The permission mode is %s.", mode)
	}
	if changed {
		fmt.Fprintf(&b, "\n\nThe user switched the permission mode from %s to %s since your previous request", prev, mode)
		if prev == permission.ModePlan {
			b.WriteString(": plan mode is over, and the tools that change files are offered again")
		}
		b.WriteString(". Earlier messages were written under the old mode.")
	}
	b.WriteString("\n")
	return b.String()
}

// applyMode (re)builds the tools offered and the system prompt when the
// mode differs from the one the turn last used; begin forces it.
func (t *turn) applyMode(ctx context.Context, force bool) {
	m := t.c.mode()
	if !force && m == t.mode {
		return
	}
	prev := t.mode
	if t.spec.prompt == promptMain {
		if p := t.c.rememberMode(t.sessionID, m); prev == "" {
			prev = p
		}
	}
	t.mode = m
	t.defs = t.spec.tools.Manifest(m)
	section := ""
	if t.spec.prompt == promptMain {
		section = modeSection(m, prev)
	}
	t.system = t.c.systemPrompt(ctx, t.sessionID, t.spec, t.defs, section, t.gitText())
}
