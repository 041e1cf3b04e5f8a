package config

import (
	"context"
	"strings"
	"testing"
)

func hookCommands(h Hooks, ev string) []string {
	var out []string
	for _, m := range h[ev] {
		for _, c := range m.Hooks {
			out = append(out, c.Command)
		}
	}
	return out
}

func TestHooksComposeClaudeSettingsAndLayersInOrder(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	s.global(t, `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "global"}]}]}}`)
	writeFile(t, s.home, ".claude/settings.json", `{"permissions": {"allow": ["Bash"]}, "hooks": {"PreToolUse": [{"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "claude-user"}]}], "SomeFutureEvent": []}}`)
	writeFile(t, s.project, ".claude/settings.json", `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "claude-project"}]}]}}`)
	writeFile(t, s.project, ".claude/settings.local.json", `{"hooks": {"Stop": [{"hooks": [{"command": "claude-local"}]}]}}`)
	writeFile(t, s.project, "hone.json", `{"hooks": {"PreToolUse": [{"hooks": [{"command": "project"}]}]}}`)

	untrusted, err := Load(context.Background(), s.opts())
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(hookCommands(untrusted.Config.Hooks, "PreToolUse"), ","); got != "claude-user,global" {
		t.Errorf("untrusted PreToolUse = %s", got)
	}
	if len(untrusted.Config.Hooks["Stop"]) != 0 {
		t.Error("an untrusted project's local settings hooks apply")
	}
	w := untrusted.Trust.Warning()
	for _, want := range []string{".claude/settings.json#hooks", ".claude/settings.local.json#hooks", "hooks"} {
		if !strings.Contains(w, want) {
			t.Errorf("warning lacks %q: %s", want, w)
		}
	}

	trusted, err := Load(context.Background(), s.trusted())
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(hookCommands(trusted.Config.Hooks, "PreToolUse"), ","); got != "claude-user,claude-project,global,project" {
		t.Errorf("trusted PreToolUse = %s", got)
	}
	if got := hookCommands(trusted.Config.Hooks, "Stop"); len(got) != 1 || got[0] != "claude-local" {
		t.Errorf("trusted Stop = %v", got)
	}
}

func TestBadHooksAreErrorsInHoneConfigAndWarningsInClaudeSettings(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	s.global(t, `{"hooks": {"PreToolUse": [{"matcher": "(", "hooks": [{"command": ""}]}], "OnSave": []}}`)
	ds, err := Validate(context.Background(), s.opts())
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(strs(ds, "", ""), "\n")
	for _, want := range []string{"hooks.OnSave", "hooks.PreToolUse[0].matcher", "hooks.PreToolUse[0].hooks[0].command: command is required"} {
		if !strings.Contains(got, want) {
			t.Errorf("diagnostics lack %q:\n%s", want, got)
		}
	}

	s2 := newSandbox(t)
	writeFile(t, s2.home, ".claude/settings.json", `{"hooks": {"Stop": [{"matcher": "[", "hooks": [{"command": "x"}]}, {"hooks": [{"command": "ok"}]}]}}`)
	l, err := Load(context.Background(), s2.opts())
	if err != nil {
		t.Fatalf("a bad Claude settings file stopped Hone: %v", err)
	}
	if got := hookCommands(l.Config.Hooks, "Stop"); len(got) != 1 || got[0] != "ok" {
		t.Errorf("Stop = %v", got)
	}
	if len(l.Warnings) == 0 || !strings.Contains(l.Warnings[0].String(), "settings.json") {
		t.Errorf("warnings = %v", l.Warnings)
	}
}

func TestProjectDefinitionsNeedTrustAndChangesRevokeIt(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	writeFile(t, s.project, ".claude/skills/deploy/SKILL.md", "---\nname: deploy\ndescription: d\n---\nbody\n")
	writeFile(t, s.project, ".hone/commands/review.md", "Review it\n")
	l, err := Load(context.Background(), s.opts())
	if err != nil {
		t.Fatal(err)
	}
	dec := l.Trust
	if dec.Trusted || !dec.NeedsAsk() || len(dec.Parts) != 2 {
		t.Fatalf("decision = %+v", dec)
	}
	if dec.Parts[0].Path != ".claude/skills" || !strings.Contains(dec.Parts[0].Summary, "skills given to the model: deploy") {
		t.Errorf("part = %+v", dec.Parts[0])
	}
	if l2, _ := Load(context.Background(), s.trusted()); !l2.Trust.Trusted {
		t.Error("a trusted project without config file is not trusted")
	}
	writeFile(t, s.project, ".claude/skills/deploy/scripts/run.sh", "echo\n")
	l3, _ := Load(context.Background(), s.opts())
	if l3.Trust.Hash == dec.Hash {
		t.Error("a new file in a skill folder keeps the trust hash")
	}
}
