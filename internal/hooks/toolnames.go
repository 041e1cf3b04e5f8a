package hooks

import (
	"regexp"
	"strings"
)

// toolNames maps Hone's built-in tools to Claude Code's names, so that
// matchers and scripts written for Claude Code keep working. Both names
// match; scripts read Claude Code's in tool_name and Hone's in
// hone_tool_name.
var toolNames = [...][2]string{
	{"bash", "Bash"},
	{"view", "Read"},
	{"write", "Write"},
	{"edit", "Edit"},
	{"multiedit", "MultiEdit"},
	{"glob", "Glob"},
	{"grep", "Grep"},
	{"ls", "LS"},
	{"fetch", "WebFetch"},
	{"web_search", "WebSearch"},
	{"agent", "Task"},
	{"todos", "TodoWrite"},
	{"job_output", "BashOutput"},
	{"job_kill", "KillShell"},
	{"skill", "Skill"},
}

// ToolNames returns the mapping table, Hone's name first.
func ToolNames() [][2]string { return toolNames[:] }

// ClaudeToolName is the name Claude Code gives Hone's tool name: Bash for
// bash, mcp__server__tool for mcp_server_tool (split at the first _ after
// the server), the name itself for a tool Claude Code lacks.
func ClaudeToolName(hone string) string {
	for _, p := range toolNames {
		if p[0] == hone {
			return p[1]
		}
	}
	if rest, ok := strings.CutPrefix(hone, "mcp_"); ok {
		if server, tool, ok := strings.Cut(rest, "_"); ok && server != "" && tool != "" {
			return "mcp__" + server + "__" + tool
		}
	}
	return hone
}

// compileMatcher turns a matcher into a test of a name: "" and "*" match
// everything, a plain name matches exactly, anything else is a regular
// expression that must match the whole name.
func compileMatcher(m string) (func(string) bool, error) {
	m = strings.TrimSpace(m)
	if m == "" || m == "*" {
		return func(string) bool { return true }, nil
	}
	re, err := regexp.Compile(`^(?:` + m + `)$`)
	if err != nil {
		return nil, err
	}
	return re.MatchString, nil
}

// ValidMatcher reports a matcher that is not a valid regular expression.
func ValidMatcher(m string) error {
	_, err := compileMatcher(m)
	return err
}

// HoneToolName is Hone's name of a tool named as Claude Code names it
// (Read is view, mcp__gh__issue is mcp_gh_issue); other names are
// returned as given.
func HoneToolName(claude string) string {
	for _, p := range toolNames {
		if p[1] == claude {
			return p[0]
		}
	}
	if rest, ok := strings.CutPrefix(claude, "mcp__"); ok {
		return "mcp_" + strings.Replace(rest, "__", "_", 1)
	}
	return claude
}

// HoneRule turns a Claude Code permission rule into Hone's syntax:
// Bash(git add:*) is bash(git add*), Read is view, Edit(src/**) is
// edit(src/**). Hone's own rules pass unchanged.
func HoneRule(rule string) string {
	rule = strings.TrimSpace(rule)
	tool, pattern, hasPattern := strings.Cut(rule, "(")
	tool = HoneToolName(strings.TrimSpace(tool))
	if !hasPattern {
		return tool
	}
	pattern = strings.TrimSuffix(pattern, ")")
	if p, ok := strings.CutSuffix(pattern, ":*"); ok {
		pattern = p + "*"
	}
	return tool + "(" + pattern + ")"
}
