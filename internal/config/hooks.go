package config

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Hooks are the hook commands by event name, in Claude Code's shape.
// Layers add to each event's list (global first, then project, then
// --config) instead of replacing it.
type Hooks map[string][]HookMatcher

// HookMatcher selects the events its hooks run for: a tool name, or a
// regular expression over tool names ("Edit|Write", "mcp__.*"), matched
// whole; "" or "*" matches every event.
type HookMatcher struct {
	Matcher string        `json:"matcher,omitempty" jsonschema_description:"Tool name or regular expression matched against the whole tool name (Claude Code's Bash, Edit … or Hone's bash, edit …); empty or * matches all."`
	Hooks   []HookCommand `json:"hooks" jsonschema_description:"Commands run when the matcher matches."`
}

// HookCommand is one command run by a hook.
type HookCommand struct {
	Type    string `json:"type,omitempty" jsonschema:"enum=command" jsonschema_description:"Only command is supported."`
	Command string `json:"command" jsonschema_description:"Shell command line, run with bash -c in the working directory; the event arrives as JSON on stdin."`
	// Timeout in seconds (default 60).
	Timeout int `json:"timeout,omitempty" jsonschema:"minimum=0" jsonschema_description:"Seconds before the command is killed (default 60)."`
}

// HookEvents are the events hooks may be configured for.
func HookEvents() []string {
	return []string{"SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PermissionRequest",
		"PostToolUse", "PostToolUseFailure", "Stop", "SubagentStop", "PreCompact", "Notification"}
}

// validateHooks checks event names, matchers and commands of one layer.
func (d *layerDoc) validateHooks() {
	for _, ev := range sortedKeys(d.cfg.Hooks) {
		path := joinKey("hooks", ev)
		if !slices.Contains(HookEvents(), ev) {
			d.error(path, badValue("hook event", ev, HookEvents()))
			continue
		}
		for i, m := range d.cfg.Hooks[ev] {
			for _, p := range hookProblems(m) {
				d.error(joinIndex(path, i)+p.at, p.msg)
			}
		}
	}
}

type hookProblem struct{ at, msg string }

// hookProblems lists what is wrong with one matcher entry (paths relative
// to the entry).
func hookProblems(m HookMatcher) []hookProblem {
	var out []hookProblem
	if t := strings.TrimSpace(m.Matcher); t != "" && t != "*" {
		if _, err := regexp.Compile(t); err != nil {
			out = append(out, hookProblem{".matcher", fmt.Sprintf("matcher %q is not a valid regular expression: %v", m.Matcher, err)})
		}
	}
	for j, h := range m.Hooks {
		at := fmt.Sprintf(".hooks[%d]", j)
		if h.Type != "" && h.Type != "command" {
			out = append(out, hookProblem{at + ".type", badValue("hook type", h.Type, []string{"command"})})
		}
		if strings.TrimSpace(h.Command) == "" {
			out = append(out, hookProblem{at + ".command", "command is required"})
		}
	}
	return out
}
