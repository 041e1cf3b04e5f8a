package extend

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func warningsText(ws []Warning) string {
	var out []string
	for _, w := range ws {
		out = append(out, w.String())
	}
	return strings.Join(out, "\n")
}

func TestRealWorldSkillsLoadUnchanged(t *testing.T) {
	t.Parallel()
	s := Load(Paths{SkillsPaths: []string{mustAbs(t, "testdata/skills")}})
	if len(s.Warnings) > 0 {
		t.Fatalf("warnings: %s", warningsText(s.Warnings))
	}
	var names []string
	for _, k := range s.Skills {
		names = append(names, k.Name)
	}
	if !slices.Equal(names, []string{"changelog-writer", "csv-summary", "release-checklist"}) {
		t.Fatalf("skills = %v", names)
	}
	cw := s.Skills[0]
	if cw.License != "Apache-2.0" || cw.Metadata["version"] != "1.2" || !cw.UserInvocable {
		t.Errorf("changelog-writer = %+v", cw)
	}
	if !slices.Equal(cw.AllowedTools, []string{"Bash(git log:*)", "Bash(git describe:*)", "Read"}) {
		t.Errorf("allowed-tools = %q", cw.AllowedTools)
	}
	if !slices.Equal(cw.Files, []string{"references/keep-a-changelog.md", "scripts/collect_commits.sh"}) {
		t.Errorf("files = %q", cw.Files)
	}
	if !strings.Contains(s.Skills[1].Description, "Summarizes a CSV file") || strings.Contains(s.Skills[1].Description, "\n") {
		t.Errorf("folded description = %q", s.Skills[1].Description)
	}
	text := SkillText(cw)
	for _, want := range []string{"Base directory of this skill: " + cw.Dir, "# Writing a changelog entry", "- scripts/collect_commits.sh"} {
		if !strings.Contains(text, want) {
			t.Errorf("skill text lacks %q:\n%s", want, text)
		}
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

func TestBadSkillsWarnWithFileLineAndField(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	write(t, filepath.Join(root, "no-desc", "SKILL.md"), "---\nname: no-desc\n---\nbody\n")
	write(t, filepath.Join(root, "Bad_Name", "SKILL.md"), "---\nname: Bad_Name\ndescription: d\n---\n")
	write(t, filepath.Join(root, "broken", "SKILL.md"), "---\nname: [unclosed\n---\n")
	write(t, filepath.Join(root, "other", "SKILL.md"), "---\ndescription: x\nname: renamed\nuser-invocable: maybe\n---\nok\n")
	s := Load(Paths{SkillsPaths: []string{root}})
	got := warningsText(s.Warnings)
	for _, want := range []string{
		filepath.Join(root, "no-desc", "SKILL.md") + ":1: description: required",
		filepath.Join(root, "Bad_Name", "SKILL.md") + ":2: name: use lowercase",
		filepath.Join(root, "broken", "SKILL.md") + ":2: frontmatter is not valid YAML",
		filepath.Join(root, "other", "SKILL.md") + ":3: name: differs from the folder name other",
		filepath.Join(root, "other", "SKILL.md") + ":4: user-invocable: must be true or false",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("warnings lack %q:\n%s", want, got)
		}
	}
	if len(s.Skills) != 1 || s.Skills[0].Name != "renamed" {
		t.Errorf("skills = %+v", s.Skills)
	}
}

func TestDiscoveryOrderProjectFirstAndUntrustedProjectSkipped(t *testing.T) {
	t.Parallel()
	home, cfg, proj := t.TempDir(), t.TempDir(), t.TempDir()
	write(t, filepath.Join(home, ".claude", "skills", "dup", "SKILL.md"), "---\nname: dup\ndescription: user\n---\nuser body\n")
	write(t, filepath.Join(proj, ".claude", "skills", "dup", "SKILL.md"), "---\nname: dup\ndescription: project\n---\nproject body\n")
	write(t, filepath.Join(cfg, "agents", "skills", "shared", "SKILL.md"), "---\nname: shared\ndescription: shared\n---\nx\n")
	write(t, filepath.Join(home, ".agents", "skills", "dotagents", "SKILL.md"), "---\nname: dotagents\ndescription: d\n---\nx\n")
	write(t, filepath.Join(proj, ".hone", "commands", "frontend", "review.md"), "---\ndescription: Review\n---\nReview $1\n")
	write(t, filepath.Join(home, ".claude", "agents", "reviewer.md"), "---\nname: reviewer\ndescription: Reviews code\ntools: Read, Grep\nmodel: haiku\n---\nYou review code.\n")

	s := Load(Paths{Home: home, ConfigHome: cfg, ProjectDir: proj})
	if k, _ := s.Skill("dup"); k.Description != "project" || !k.Project {
		t.Errorf("dup = %+v", k)
	}
	if !strings.Contains(warningsText(s.Warnings), "already defined by "+filepath.Join(proj, ".claude", "skills", "dup", "SKILL.md")) {
		t.Errorf("warnings = %s", warningsText(s.Warnings))
	}
	for _, name := range []string{"shared", "dotagents"} {
		if _, ok := s.Skill(name); !ok {
			t.Errorf("skill %s not found", name)
		}
	}
	if c, ok := s.Command("frontend:review"); !ok || c.Description != "Review" {
		t.Errorf("commands = %+v", s.Commands)
	}
	if a, ok := s.Agent("reviewer"); !ok || !slices.Equal(a.Tools, []string{"Read", "Grep"}) || a.Model != "haiku" || a.Prompt != "You review code." {
		t.Errorf("agent = %+v", a)
	}

	untrusted := Load(Paths{Home: home, ConfigHome: cfg})
	if k, _ := untrusted.Skill("dup"); k.Description != "user" {
		t.Errorf("untrusted project's skill used: %+v", k)
	}
	if _, ok := untrusted.Command("frontend:review"); ok {
		t.Error("untrusted project's command used")
	}
}

func TestExpandCommand(t *testing.T) {
	t.Parallel()
	read := func(p string) (string, error) {
		if p == "notes.txt" {
			return "line one\n", nil
		}
		return "", errors.New("no such file")
	}
	cases := []struct{ body, args, want string }{
		{"Fix issue $ARGUMENTS now", "#12 fast", "Fix issue #12 fast now"},
		{"From $1 to $2 ($3)", `"a b" c`, "From a b to c ()"},
		{"No placeholders", "x y", "No placeholders\n\nARGUMENTS: x y"},
		{"No placeholders", "", "No placeholders"},
		{"Read @notes.txt and @missing.txt.", "", "Read @notes.txt and @missing.txt.\n\n<file path=\"notes.txt\">\nline one\n</file>"},
		{"Summarize $ARGUMENTS", "@notes.txt", "Summarize @notes.txt\n\n<file path=\"notes.txt\">\nline one\n</file>"},
		{"Mail me@notes.txt (see @notes.txt)", "", "Mail me@notes.txt (see @notes.txt)\n\n<file path=\"notes.txt\">\nline one\n</file>"},
		{"Cost $5 for $10", "a", "Cost  for a0"},
	}
	for _, c := range cases {
		if got := ExpandCommand(c.body, c.args, read); got != c.want {
			t.Errorf("ExpandCommand(%q, %q) = %q, want %q", c.body, c.args, got, c.want)
		}
	}
}

func TestInvokeCommandsAndUserInvocableSkills(t *testing.T) {
	t.Parallel()
	s := &Set{
		Commands: []Command{{Name: "git:commit", Body: "Commit with message $ARGUMENTS"}},
		Skills: []Skill{
			{Name: "deploy", Body: "Deploy steps", Dir: "/s/deploy", UserInvocable: true},
			{Name: "hidden", Body: "x", UserInvocable: false},
		},
	}
	inv, ok := s.Invoke("/git:commit fix the bug", nil)
	if !ok || inv.Text != "Commit with message fix the bug" || inv.Command == nil {
		t.Errorf("command = %+v, %v", inv, ok)
	}
	inv, ok = s.Invoke("/deploy staging", nil)
	if !ok || inv.Skill == nil || !strings.Contains(inv.Text, "Deploy steps") || !strings.HasSuffix(inv.Text, "ARGUMENTS: staging") {
		t.Errorf("skill = %+v, %v", inv, ok)
	}
	for _, p := range []string{"/hidden", "/unknown x", "plain text", "/ spaced"} {
		if _, ok := s.Invoke(p, nil); ok {
			t.Errorf("Invoke(%q) expanded", p)
		}
	}
}

func TestFrontmatterEdgeCases(t *testing.T) {
	t.Parallel()
	d := parseDoc("f.md", []byte("\ufeff---\r\nname: x\r\n---\r\nbody\r\n"))
	if d.str("name") != "x" || d.body != "body" || len(d.warns) > 0 {
		t.Errorf("CRLF/BOM doc = %+v", d)
	}
	d = parseDoc("f.md", []byte("---\nname: x\nno end\n"))
	if len(d.warns) != 1 || !strings.Contains(d.warns[0].String(), "f.md:1: frontmatter starts with --- but never ends") {
		t.Errorf("warns = %v", d.warns)
	}
	d = parseDoc("f.md", []byte("just text\n---\nmore"))
	if d.body != "just text\n---\nmore" || len(d.fields) != 0 {
		t.Errorf("plain doc = %+v", d)
	}
	if got := splitNames("Bash(git diff:*), Read  Grep"); !slices.Equal(got, []string{"Bash(git diff:*)", "Read", "Grep"}) {
		t.Errorf("splitNames = %q", got)
	}
}

func FuzzParseDoc(f *testing.F) {
	f.Add([]byte("---\nname: a\ndescription: b\n---\nbody"))
	f.Add([]byte("---\n- x\n---\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d := parseDoc("f.md", data)
		_ = d.str("name")
		_, _ = d.list("tools")
		_ = d.boolean("user-invocable", true)
	})
}
