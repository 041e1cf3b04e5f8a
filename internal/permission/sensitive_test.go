package permission

import (
	"errors"
	"strings"
	"testing"
)

func TestSensitiveWritesAskInEveryModeButYolo(t *testing.T) {
	t.Parallel()
	writes := map[string]Request{
		"config":    {ToolName: "write", Action: ActionWrite, Path: "/proj/.hone.json"},
		"subconfig": {ToolName: "edit", Action: ActionWrite, Path: "/proj/pkg/hone.json"},
		"agents":    {ToolName: "edit", Action: ActionWrite, Path: "/proj/AGENTS.md"},
		"git-hook":  {ToolName: "write", Action: ActionWrite, Path: "/proj/.git/hooks/pre-commit"},
		"git-cfg":   {ToolName: "multiedit", Action: ActionWrite, Path: "/proj/.git/config"},
		"ext":       {ToolName: "write", Action: ActionWrite, Path: "/proj/.claude/commands/x.md"},
		"download":  {ToolName: "download", Action: ActionNetwork, Path: "/proj/CLAUDE.md", WritesFile: true},
		"protected": {ToolName: "write", Action: ActionWrite, Path: "/home/u/.config/hone/hone.json", OutsideProject: true},
	}
	want := map[Mode]string{ModeDefault: "ask", ModeAcceptEdits: "ask", ModePlan: "deny", ModeYolo: "allow"}
	for mode, w := range want {
		// An allow rule for every tool does not cover a sensitive write.
		s := newService(t, Config{Rules: Rules{Mode: mode, Allow: []string{"write", "edit", "multiedit", "download"}},
			NonInteractive: true, Protected: []string{"/home/u/.config/hone"}})
		for name, req := range writes {
			req.SessionID = "s1"
			if got := outcome(t, s, req); got != w {
				t.Errorf("mode %s, %s: got %s, want %s", mode, name, got, w)
			}
		}
	}
	s := newService(t, Config{Rules: Rules{Mode: ModeAcceptEdits}, NonInteractive: true})
	if got := outcome(t, s, Request{ToolName: "view", Action: ActionRead, Path: "/proj/.hone.json"}); got != "allow" {
		t.Errorf("reading a sensitive file: %s, want allow", got)
	}
	if got := outcome(t, s, Request{ToolName: "write", Action: ActionWrite, Path: "/proj/main.go"}); got != "allow" {
		t.Errorf("an ordinary write in accept-edits: %s, want allow", got)
	}
	err := s.Ask(t.Context(), Request{ToolName: "write", Action: ActionWrite, Path: "/proj/.hone.json"})
	var d *DeniedError
	if !errors.As(err, &d) || !strings.Contains(d.Reason, ".hone.json is a Hone project config file") {
		t.Errorf("denial %v does not say why the file is sensitive", err)
	}
}

func TestSensitiveWriteIsNeverGrantedForTheSession(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{Rules: Rules{Mode: ModeAcceptEdits}})
	reqs := s.Subscribe(t.Context())
	write := Request{SessionID: "s1", ToolName: "write", Action: ActionWrite, Path: "/proj/.hone.json"}
	for range 2 {
		done := asked(t.Context(), s, write)
		req := next(t, reqs)
		if !strings.Contains(req.Sensitive, "project config") {
			t.Errorf("published request lacks the reason: %+v", req)
		}
		if err := s.Respond(req.ID, AllowSession, ""); err != nil {
			t.Fatal(err)
		}
		if err := result(t, done); err != nil {
			t.Fatal(err)
		}
	}
}
