package config

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Claude Code's settings files, whose "hooks" Hone runs too: the user's
// and the project's (shared, then local). Other keys are Claude Code's
// own and ignored.
const (
	claudeDir           = ".claude"
	claudeSettings      = "settings.json"
	claudeLocalSettings = "settings.local.json"
)

// claudeUserSettings is ~/.claude/settings.json ("" without a home).
func claudeUserSettings(getenv func(string) string) string {
	home := getenv("HOME")
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	if home == "" {
		return ""
	}
	return filepath.Join(home, claudeDir, claudeSettings)
}

// claudeProjectSettings are the project's settings files.
func claudeProjectSettings(projectDir string) []string {
	return []string{
		filepath.Join(projectDir, claudeDir, claudeSettings),
		filepath.Join(projectDir, claudeDir, claudeLocalSettings),
	}
}

// readClaudeHooks reads the hooks of a Claude Code settings file; raw is
// the "hooks" value as written (nil when absent). A missing file is no
// hooks; a file that does not parse, or invalid hooks, is a warning and
// contributes nothing: it is another program's file.
func readClaudeHooks(path string) (Hooks, any, []Diagnostic) {
	data, err := ReadFile(path)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil, nil
		}
		return nil, nil, []Diagnostic{claudeWarning(path, "", err.Error())}
	}
	var file struct {
		Hooks json.RawMessage `json:"hooks"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, nil, []Diagnostic{claudeWarning(path, "", "not valid JSON; its hooks are ignored: "+err.Error())}
	}
	if len(file.Hooks) == 0 || string(file.Hooks) == "null" {
		return nil, nil, nil
	}
	var hooks Hooks
	var raw any
	if err := json.Unmarshal(file.Hooks, &hooks); err != nil {
		return nil, nil, []Diagnostic{claudeWarning(path, "hooks", "not in the hooks shape; ignored: "+err.Error())}
	}
	_ = json.Unmarshal(file.Hooks, &raw)
	var diags []Diagnostic
	for _, ev := range sortedKeys(hooks) {
		if !containsString(HookEvents(), ev) {
			// Claude Code has events Hone does not raise; skip them quietly.
			delete(hooks, ev)
			continue
		}
		kept := hooks[ev][:0]
		for i, m := range hooks[ev] {
			if probs := hookProblems(m); len(probs) > 0 {
				diags = append(diags, claudeWarning(path, joinIndex(joinKey("hooks", ev), i)+probs[0].at, probs[0].msg+"; ignored"))
				continue
			}
			kept = append(kept, m)
		}
		hooks[ev] = kept
	}
	return hooks, raw, diags
}

func claudeWarning(file, path, msg string) Diagnostic {
	return Diagnostic{File: file, Path: path, Message: msg, Severity: SeverityWarning}
}

// prependHooks returns first's hooks before then's, event by event.
func prependHooks(first, then Hooks) Hooks {
	if len(first) == 0 {
		return then
	}
	out := Hooks{}
	for ev, ms := range first {
		out[ev] = append(out[ev], ms...)
	}
	for ev, ms := range then {
		out[ev] = append(out[ev], ms...)
	}
	return out
}

// hooksSummary says which commands hooks run, for the trust question.
func hooksSummary(raw any) string {
	var hooks Hooks
	data, _ := json.Marshal(raw)
	if json.Unmarshal(data, &hooks) != nil {
		return "hooks " + clipJSON(raw)
	}
	var parts []string
	for _, ev := range sortedKeys(hooks) {
		for _, m := range hooks[ev] {
			for _, h := range m.Hooks {
				parts = append(parts, fmt.Sprintf("%s runs %s", ev, h.Command))
			}
		}
	}
	return "hooks: " + strings.Join(parts, "; ")
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
