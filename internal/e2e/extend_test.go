package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/testenv"
)

// The tests of this file use skills, custom commands and custom
// sub-agents (docs/extending.md) through `hone run`. The skills are the
// agentskills.io folders of internal/extend/testdata, copied unchanged.

// copyTree copies the directory src into dst.
func copyTree(t testing.TB, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(path string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		if fi.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, fi.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
}

// installSkills copies the test skills into dir.
func installSkills(t testing.TB, dir string) {
	t.Helper()
	copyTree(t, filepath.Join("..", "extend", "testdata", "skills"), dir)
}

// writeTree writes files (relative path → content) below dir.
func writeTree(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSkillLoadedOnDemandRunsItsScript(t *testing.T) {
	t.Parallel()
	testenv.LookPath(t, "python3")
	e := newEnv(t)
	skills := filepath.Join(e.home, ".claude", "skills")
	installSkills(t, skills)
	e.writeProjectFile("data.csv", "city,people\nLyon,522000\nNantes,320000\n")
	script := filepath.Join(skills, "csv-summary", "scripts", "summarize.py")
	srv := serveReplies(t,
		reply{calls: []call{{id: "s1", name: "skill", args: `{"name": "csv-summary"}`}}},
		reply{calls: []call{shellCall("b1", "python3 "+script+" data.csv")}},
		reply{text: "data.csv has 2 rows."})
	e.useServer(srv.URL())
	e.mustRun(0, "run", "--yolo", "what is in data.csv?")
	reqs := srv.MainRequests()
	system := reqs[0].Body.textOf("system")
	for _, want := range []string{"# Skills", "- csv-summary: Summarizes a CSV file", "- changelog-writer: Drafts a CHANGELOG entry", "- release-checklist:"} {
		if !strings.Contains(system, want) {
			t.Errorf("system prompt lacks %q", want)
		}
	}
	if strings.Contains(system, "Run the bundled script") {
		t.Error("a skill's body is in the system prompt before it was loaded")
	}
	if !slices.Contains(toolNames(reqs[0].Body), "skill") {
		t.Errorf("tools = %v", toolNames(reqs[0].Body))
	}
	loaded, _ := reqs[1].Body.toolResult("s1")
	mustContain(t, "skill result", loaded.Text(), "Base directory of this skill: "+filepath.Join(skills, "csv-summary"),
		"Run the bundled script", "- scripts/summarize.py", "- references/column-types.md")
	ran, _ := reqs[2].Body.toolResult("b1")
	mustContain(t, "script output", ran.Text(), `"rows": 2`, `"type": "number"`)
}

func TestSkillInvokedAsSlashCommand(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	installSkills(t, filepath.Join(e.home, ".config", "hone", "skills"))
	srv := serveReplies(t, reply{text: "Step 1: run the tests."})
	e.useServer(srv.URL())
	e.mustRun(0, "run", "/release-checklist v1.4.0")
	users := srv.MainRequests()[0].Body.userTexts()
	joined := strings.Join(users, "\n")
	if !strings.HasPrefix(users[0], "/release-checklist v1.4.0") {
		t.Errorf("the typed line does not come first: %q", users[0])
	}
	mustContain(t, "user message", joined, "# Release checklist", "references/checklist.md", "ARGUMENTS: v1.4.0")
}

func TestCustomCommandWithArguments(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	writeTree(t, filepath.Join(e.home, ".config", "hone", "commands"), map[string]string{
		"git/fix-issue.md": "---\ndescription: Fix a GitHub issue\nargument-hint: [issue] [priority]\n---\n" +
			"Fix issue #$1 (priority $2). Full request: $ARGUMENTS. Follow @CONTRIBUTING.md.\n",
	})
	e.writeProjectFile("CONTRIBUTING.md", "Write a test first.\n")
	srv := serveReplies(t, reply{text: "On it."})
	e.useServer(srv.URL())
	e.mustRun(0, "run", "/git:fix-issue 123 high")
	joined := strings.Join(srv.MainRequests()[0].Body.userTexts(), "\n")
	mustContain(t, "user message", joined, "/git:fix-issue 123 high",
		"Fix issue #123 (priority high). Full request: 123 high. Follow @CONTRIBUTING.md.",
		"<file path=\"CONTRIBUTING.md\">\nWrite a test first.\n</file>")
}

func TestCustomSubAgentRunsWithOnlyItsTools(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	writeTree(t, filepath.Join(e.home, ".claude", "agents"), map[string]string{
		"code-reviewer.md": "---\nname: code-reviewer\ndescription: Reviews Go code for bugs. Use after changes.\n" +
			"tools: Read, Grep\nmodel: inherit\n---\nYou are a strict Go reviewer. Report bugs with file:line.\n",
	})
	e.writeProjectFile("main.go", "package main\n")
	srv := serveReplies(t,
		reply{calls: []call{{id: "a1", name: "code-reviewer", args: `{"prompt": "Review main.go"}`}}},
		reply{text: "main.go:1 is fine."},
		reply{calls: []call{{id: "a2", name: "agent", args: `{"prompt": "Review again", "subagent_type": "code-reviewer"}`}}},
		reply{text: "Still fine."},
		reply{text: "The reviewer found nothing."})
	e.useServer(srv.URL())
	e.mustRun(0, "run", "--yolo", "get main.go reviewed")
	reqs := srv.MainRequests()
	if len(reqs) != 5 {
		t.Fatalf("%d main requests", len(reqs))
	}
	mainTools := toolNames(reqs[0].Body)
	if !slices.Contains(mainTools, "code-reviewer") || !slices.Contains(mainTools, "bash") {
		t.Errorf("main tools = %v", mainTools)
	}
	for _, i := range []int{1, 3} {
		child := reqs[i].Body
		if got := toolNames(child); !slices.Equal(got, []string{"grep", "view"}) {
			t.Errorf("child %d tools = %v", i, got)
		}
		if sys := child.textOf("system"); !strings.HasPrefix(sys, "You are a strict Go reviewer.") {
			t.Errorf("child %d system prompt = %.80q", i, sys)
		}
	}
	r1, _ := reqs[2].Body.toolResult("a1")
	r2, _ := reqs[4].Body.toolResult("a2")
	if r1.Text() != "main.go:1 is fine." || r2.Text() != "Still fine." {
		t.Errorf("sub-agent answers = %q, %q", r1.Text(), r2.Text())
	}
}

func TestUntrustedProjectSkillsAndCommandsAreIgnored(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.gitProject()
	installSkills(t, e.projectFile(".claude/skills"))
	writeTree(t, e.project, map[string]string{".hone/commands/deploy.md": "Deploy to $1 now.\n"})
	srv := serveReplies(t, reply{text: "a"}, reply{text: "b"})
	e.useServer(srv.URL())

	r := e.mustRun(0, "run", "/deploy prod")
	mustContain(t, "warning", untrustedWarning(t, r.stderr), ".claude/skills", ".hone/commands")
	first := srv.MainRequests()[0].Body
	if strings.Contains(first.textOf("system"), "csv-summary") || slices.Contains(toolNames(first), "skill") {
		t.Error("an untrusted project's skills reached the model")
	}
	if got := first.userTexts(); len(got) != 1 || got[0] != "/deploy prod" {
		t.Errorf("an untrusted project's command expanded: %q", got)
	}

	e.mustRun(0, "trust")
	e.mustRun(0, "run", "/deploy prod")
	second := srv.MainRequests()[1].Body
	mustContain(t, "trusted", second.textOf("system"), "- csv-summary:")
	mustContain(t, "trusted", strings.Join(second.userTexts(), "\n"), "Deploy to prod now.")
}

func TestAppendSystemPromptFile(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	srv := serveReplies(t, reply{text: "ok"})
	e.useServer(srv.URL())
	prompt := e.writeFile("house-rules.md", []byte("Always answer in haiku."))
	e.addConfig(map[string]any{"options": map[string]any{"append_system_prompt_file": prompt}})
	e.mustRun(0, "run", "hi")
	mustContain(t, "system prompt", srv.MainRequests()[0].Body.textOf("system"), "Always answer in haiku.")
}

func TestSkillReferencesAreReadableWithoutAsking(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	skills := filepath.Join(e.home, ".claude", "skills")
	installSkills(t, skills)
	ref := filepath.Join(skills, "csv-summary", "references", "column-types.md")
	secret := filepath.Join(e.home, "notes.txt")
	writeTree(t, e.home, map[string]string{"notes.txt": "private"})
	srv := serveReplies(t,
		reply{calls: []call{{id: "v1", name: "view", args: `{"file_path": "` + ref + `"}`}}},
		reply{calls: []call{{id: "v2", name: "view", args: `{"file_path": "` + secret + `"}`}}},
		reply{text: "read"})
	e.useServer(srv.URL())
	// No --yolo: hone run denies reads outside the project, but not in a
	// loaded skill's folder.
	e.hone("run", "read the references")
	got, _ := srv.MainRequests()[1].Body.toolResult("v1")
	mustContain(t, "reference", got.Text(), "A column is `number`")
	denied, _ := srv.MainRequests()[2].Body.toolResult("v2")
	if strings.Contains(denied.Text(), "private") {
		t.Errorf("a file outside the project and the skills was read without asking: %q", denied.Text())
	}
}
