package projectfiles

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestIsSensitive(t *testing.T) {
	t.Parallel()
	const dir = "/work/p"
	for _, c := range []struct {
		path string
		want bool
		why  string
	}{
		{"/work/p/.hone.json", true, ".hone.json is a Hone project config file"},
		{"/work/p/hone.json", true, "project config"},
		{"/work/p/sub/hone.json", true, "sub/hone.json is a Hone project config"},
		{"/work/p/AGENTS.md", true, "instruction file"},
		{"/work/p/claude.md", true, "instruction file"},
		{"/work/p/.cursorrules", true, "instruction file"},
		{"/work/p/.git/config", true, ".git/config is inside .git"},
		{"/work/p/.git/hooks/pre-commit", true, "runs its hooks"},
		{"/work/p/.git", true, "tells git where the repository is"},
		{"/work/p/.hone/commands/x.md", true, "skills, commands"},
		{"/work/p/.claude/settings.json", true, "inside .claude"},
		{"/work/p/.agents/skills/a/SKILL.md", true, "inside .agents"},
		{"/elsewhere/.hone.json", true, "/elsewhere/.hone.json is a Hone"},
		{"/work/p/main.go", false, ""},
		{"/work/p/docs/agents.txt", false, ""},
		{"/work/p/.github/workflows/ci.yml", false, ""},
		{"/work/p/hone.json.bak", false, ""},
	} {
		got, why := IsSensitive(dir, c.path)
		if got != c.want || !strings.Contains(why, c.why) {
			t.Errorf("IsSensitive(%s) = %v, %q; want %v with %q", c.path, got, why, c.want, c.why)
		}
	}
}

func TestPathsAreSensitive(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, p := range Paths(dir) {
		probe := p
		if base := filepath.Base(p); base == GitDir || strings.HasPrefix(base, ".") && !strings.Contains(base, ".json") && base != ".cursorrules" {
			probe = filepath.Join(p, "x")
		}
		if ok, _ := IsSensitive(dir, probe); !ok {
			t.Errorf("%s is listed by Paths but IsSensitive(%s) is false", p, probe)
		}
	}
}
