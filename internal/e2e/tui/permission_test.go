package tui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestAllowOnceAppliesWrite(t *testing.T) {
	t.Parallel()
	u, p, _ := setup(t, script{Turns: []any{
		callTool("I will create the file.", "write", map[string]any{"file_path": "hello.txt", "content": "written by hone\n"}),
		"The file is written.",
	}})
	p.submit("create hello.txt")
	dialog := answerPermission(p, "a")
	if !containsAll(dialog, "hello.txt", "+ written by hone") {
		t.Errorf("the dialog does not show the write and its diff:\n%s", dialog)
	}
	p.waitFor("The file is written.", idleHint)
	if got, ok := u.readProjectFile("hello.txt"); got != "written by hone\n" {
		t.Errorf("hello.txt = %q (exists %v), want the written content", got, ok)
	}
}

func TestDenyLeavesFileAndModelSeesDenial(t *testing.T) {
	t.Parallel()
	const original = "keep this line\n"
	u := newUser(t)
	u.writeProjectFile("notes.txt", original)
	config := u.fakeConfig(script{Turns: []any{
		callTool("Let me read it.", "view", map[string]any{"file_path": "notes.txt"}),
		callTool("Now the change.", "edit", map[string]any{
			"file_path": "notes.txt", "old_string": "keep this line", "new_string": "replaced line",
		}),
		"Understood, I left notes.txt alone.",
	}})
	p := openHone(newTmux(t, u), u, config, 120, 35)
	p.submit("change notes.txt")
	dialog := answerPermission(p, "d")
	if !containsAll(dialog, "notes.txt", "replaced line") {
		t.Errorf("the dialog does not show the edit:\n%s", dialog)
	}
	scr := p.waitFor("Understood, I left notes.txt alone.", "stopped after a permission was denied", idleHint)
	if !inOrder(scr, "Now the change.", "edit", "denied", "Understood, I left notes.txt alone.", "stopped after a permission was denied") {
		t.Errorf("the denial, the answer to it and the end of the turn are out of order:\n%s", scr)
	}
	if got, _ := u.readProjectFile("notes.txt"); got != original {
		t.Errorf("notes.txt = %q after a denial, want it untouched", got)
	}
	list := u.sessions(config)
	if len(list) != 1 {
		t.Fatalf("sessions = %+v, want one", list)
	}
	checkDenialSent(t, u.messages(config, list[0].ID))
}

// checkDenialSent checks that the edit's result is a denial and that the
// model was asked again after it: the stored conversation is what the
// next request sends, and the scripted answer to it follows the denial.
func checkDenialSent(t *testing.T, msgs []storedMessage) {
	t.Helper()
	denied := -1
	for i, m := range msgs {
		for _, part := range m.Parts {
			if part.Type == "tool_result" && part.ToolName == "edit" {
				if !part.IsError || !strings.Contains(strings.ToLower(part.Text), "denied") {
					t.Errorf("edit result = %+v, want an error saying it was denied", part)
				}
				denied = i
			}
		}
	}
	if denied < 0 {
		t.Fatalf("no edit result stored: %+v", msgs)
	}
	for _, m := range msgs[denied+1:] {
		for _, part := range m.Parts {
			if m.Role == "assistant" && strings.Contains(part.Text, "Understood, I left notes.txt alone.") {
				return
			}
		}
	}
	t.Errorf("the model was not asked again after the denial: %+v", msgs[denied:])
}

// "Always allow" shows the exact rule, writes it to the user's own config
// (never the project's), and the rule covers the next such command
// without asking.
func TestAlwaysAllowWritesTheExactRuleToUserConfig(t *testing.T) {
	t.Parallel()
	u := newUser(t)
	u.writeProjectFile(".hone.json", "{}\n")
	config := u.fakeConfig(script{Turns: []any{
		callTool("First file.", "bash", map[string]any{"command": "touch one.txt"}),
		callTool("Second file.", "bash", map[string]any{"command": "touch two.txt"}),
		"Both files are there.",
	}})
	p := openHone(newTmux(t, u), u, config, 120, 35)
	p.submit("make two files")
	scr := p.waitFor(permissionTitle, "bash(touch*)")
	if !strings.Contains(scr, "saves bash(touch*) to your own config") {
		t.Errorf("the dialog does not say where the rule goes:\n%s", scr)
	}
	p.keys("Tab")
	p.waitFor("w always")
	p.keys("w")
	// No one answers a second dialog: the turn ends only if the rule
	// covered "touch two.txt".
	p.waitFor("Both files are there.", idleHint)
	for _, f := range []string{"one.txt", "two.txt"} {
		if _, ok := u.readProjectFile(f); !ok {
			t.Errorf("%s was not created", f)
		}
	}
	global, err := os.ReadFile(filepath.Join(u.home, ".config", "hone", "hone.json"))
	if err != nil {
		t.Fatalf("the user's config was not written: %v", err)
	}
	var doc struct {
		Permissions struct {
			Allow []string `json:"allow"`
		} `json:"permissions"`
	}
	if err := json.Unmarshal(global, &doc); err != nil || !slices.Equal(doc.Permissions.Allow, []string{"bash(touch*)"}) {
		t.Errorf("user config = %s (%v), want permissions.allow [\"bash(touch*)\"]", global, err)
	}
	if got, _ := u.readProjectFile(".hone.json"); got != "{}\n" {
		t.Errorf("the project config changed: %q", got)
	}
}
