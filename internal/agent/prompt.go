package agent

import (
	"context"
	_ "embed"
	"fmt"
	"strings"

	"github.com/honecode/hone/internal/llm"
)

// The prompts are embedded read-only text.
var (
	//go:embed prompts/system.md
	systemText string
	//go:embed prompts/subagent.md
	subAgentText string
	//go:embed prompts/summary.md
	summaryText string
	//go:embed prompts/title.md
	titleText string
)

// promptKind selects the role part of a system prompt.
type promptKind int

const (
	promptMain promptKind = iota
	promptSub
)

// systemPrompt returns the system blocks of a turn: the role (stable, so
// providers can cache it) and the environment with the project's memory
// files and skills, followed by modeSection (the permission mode; see
// modeSection). git is the repository summary (see gitSummary). Skipped
// instruction files are reported to sessionID once.
func (c *Coordinator) systemPrompt(ctx context.Context, sessionID string, spec turnSpec, defs []llm.ToolDef, modeSection, git string) []string {
	role := c.rolePrompt(spec)
	var b strings.Builder
	c.writeEnvironment(&b, defs, git)
	b.WriteString(modeSection)
	if spec.prompt == promptMain {
		memory, warnings := readMemory(c.cfg)
		b.WriteString(memory)
		c.warnOnce(ctx, sessionID, warnings)
		if c.cfg.Instructions != nil {
			if extra := strings.TrimSpace(c.cfg.Instructions()); extra != "" {
				b.WriteString("\n\n# Tool server instructions\n\n" + extra + "\n")
			}
		}
	}
	if hasTool(defs, "skill") {
		b.WriteString(skillsSection(c.cfg.Extensions))
	}
	return []string{strings.TrimSpace(role), strings.TrimSpace(b.String())}
}

// rolePrompt is the role part: a custom sub-agent's instructions, the
// sub-agent prompt, or the main prompt (options.system_prompt_file
// replaces it, options.append_system_prompt_file adds to it).
func (c *Coordinator) rolePrompt(spec turnSpec) string {
	switch {
	case spec.role != "":
		return spec.role
	case spec.prompt == promptSub:
		return subAgentText
	}
	role := systemText
	if c.cfg.SystemPrompt != "" {
		role = c.cfg.SystemPrompt
	}
	if c.cfg.AppendSystemPrompt != "" {
		role = strings.TrimRight(role, "\n") + "\n\n" + c.cfg.AppendSystemPrompt
	}
	return role
}

// warnOnce tells the user, once per process, about each instruction file
// that was skipped.
func (c *Coordinator) warnOnce(ctx context.Context, sessionID string, warnings []string) {
	for _, w := range warnings {
		c.mu.Lock()
		seen := c.warned[w]
		if c.warned == nil {
			c.warned = map[string]bool{}
		}
		c.warned[w] = true
		c.mu.Unlock()
		if !seen {
			c.log.Warn(w)
			c.info(ctx, sessionID, w)
		}
	}
}

func (c *Coordinator) writeEnvironment(b *strings.Builder, defs []llm.ToolDef, git string) {
	b.WriteString("# Environment\n\n")
	fmt.Fprintf(b, "- Working directory: %s\n", c.cfg.WorkDir)
	fmt.Fprintf(b, "- Platform: %s\n", c.cfg.Platform)
	fmt.Fprintf(b, "- Today's date: %s\n", c.cfg.Now().Format("Monday, 2 January 2006"))
	b.WriteString(git)
	if len(defs) > 0 {
		names := make([]string, len(defs))
		for i, d := range defs {
			names[i] = d.Name
		}
		fmt.Fprintf(b, "- Tools: %s\n", strings.Join(names, ", "))
	}
}
