package agent

import (
	"fmt"
	"strings"

	"github.com/honecode/hone/internal/extend"
	"github.com/honecode/hone/internal/llm"
)

// skillsSection lists the skills the model may load: names and
// descriptions only, the instructions come with the skill tool.
func skillsSection(set *extend.Set) string {
	skills := set.ModelSkills()
	if len(skills) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n\n# Skills\n\nSkills are folders of instructions, scripts and references for specific tasks. ")
	b.WriteString("When a task matches a skill's description, load the skill with the `skill` tool before you start, then follow it.\n\n")
	for _, k := range skills {
		fmt.Fprintf(&b, "- %s: %s\n", k.Name, oneLine(k.Description))
	}
	return b.String()
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func hasTool(defs []llm.ToolDef, name string) bool {
	for _, d := range defs {
		if d.Name == name {
			return true
		}
	}
	return false
}
