package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeHomeFile writes a file below the user's home directory.
func (u *user) writeHomeFile(name, content string) {
	u.t.Helper()
	p := filepath.Join(u.home, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		u.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
		u.t.Fatal(err)
	}
}

func TestCustomCommandFromPaletteExpands(t *testing.T) {
	t.Parallel()
	u := newUser(t)
	u.writeHomeFile(".config/hone/commands/deploy.md",
		"---\ndescription: Deploy the app\nargument-hint: <env>\n---\nDeploy to $1 now and report the URL.\n")
	config := u.fakeConfig(script{Turns: []any{"Deployed to prod."}})
	p := openHone(newTmux(t, u), u, config, 120, 35)
	p.typeText("/")
	p.waitFor("Commands")
	p.typeText("deploy")
	p.waitFor("/deploy  Deploy the app", "<env>")
	p.keys("Enter")
	p.waitFor("> /deploy")
	p.typeText("prod")
	p.keys("Enter")
	p.waitFor("Deployed to prod.", idleHint)
	list := u.sessions(config)
	if len(list) != 1 {
		t.Fatalf("sessions = %+v", list)
	}
	var texts []string
	for _, m := range u.messages(config, list[0].ID) {
		if m.Role == "user" {
			for _, part := range m.Parts {
				texts = append(texts, part.Text)
			}
		}
	}
	if len(texts) != 2 || texts[0] != "/deploy prod" || texts[1] != "Deploy to prod now and report the URL." {
		t.Errorf("stored prompt = %q", texts)
	}
}

func TestPreToolUseHookBlocksRmInTheTUI(t *testing.T) {
	t.Parallel()
	u := newUser(t)
	hook, err := filepath.Abs(filepath.Join("..", "..", "hooks", "testdata", "block-rm.sh"))
	if err != nil {
		t.Fatal(err)
	}
	u.writeHomeFile(".claude/settings.json", `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "`+hook+`"}]}]}}`)
	if err := os.MkdirAll(filepath.Join(u.project, "build"), 0o755); err != nil {
		t.Fatal(err)
	}
	config := u.fakeConfig(script{Turns: []any{
		callTool("Cleaning up.", "bash", map[string]any{"command": "rm -rf build"}),
		"The hook refused; build stays.",
	}})
	p := openHone(newTmux(t, u), u, config, 120, 35)
	p.submit("clean the build")
	scr := p.waitFor("The hook refused; build stays.", idleHint)
	if strings.Contains(scr, permissionTitle) {
		t.Errorf("a blocked call asked for permission:\n%s", scr)
	}
	if _, err := os.Stat(filepath.Join(u.project, "build")); err != nil {
		t.Fatalf("the blocked rm ran: %v", err)
	}
	list := u.sessions(config)
	found := false
	for _, m := range u.messages(config, list[0].ID) {
		for _, part := range m.Parts {
			found = found || strings.Contains(part.Text, "Blocked by a PreToolUse hook: Blocked by block-rm.sh")
		}
	}
	if !found {
		t.Error("the model was not told why the call was blocked")
	}
}
