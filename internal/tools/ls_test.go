package tools

import (
	"fmt"
	"strings"
	"testing"
)

func TestLs(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	for _, f := range []string{"main.go", "go.mod", "pkg/a.go", "pkg/deep/er/x.go", "node_modules/m/index.js",
		".git/HEAD", "app.log", "dist/out.js", ".github/ci.yml"} {
		te.write(t, f, "x")
	}
	te.write(t, ".gitignore", "dist/\n")
	root := te.root
	tests := []struct {
		name string
		args jsonArgs
		want string
	}{
		{"default", jsonArgs{}, "- " + root + "/\n  - .github/\n    - ci.yml\n  - pkg/\n    - deep/\n      - er/\n        - x.go\n    - a.go\n" +
			"  - .gitignore\n  - app.log\n  - go.mod\n  - main.go"},
		{"recorded absolute path", jsonArgs{"path": root, "depth": 1}, "- " + root + "/\n  - .github/\n  - pkg/\n  - .gitignore\n  - app.log\n  - go.mod\n  - main.go"},
		{"ignore patterns", jsonArgs{"depth": 2, "ignore": []string{"*.log", ".git*"}}, "- " + root + "/\n  - pkg/\n    - deep/\n    - a.go\n  - go.mod\n  - main.go"},
		{"ignore relative path", jsonArgs{"ignore": []string{"pkg/deep"}, "path": "."}, "  - pkg/\n    - a.go\n"},
		{"subdirectory", jsonArgs{"path": "pkg/deep"}, "- " + root + "/pkg/deep/\n  - er/\n    - x.go"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := te.run(t, "ls", tt.args)
			if res.IsError || !strings.Contains(res.Content, tt.want) {
				t.Errorf("content =\n%s\nwant (substring)\n%s", res.Content, tt.want)
			}
			if res.Display.Kind != DisplayList {
				t.Errorf("display kind = %q", res.Display.Kind)
			}
		})
	}
	for _, bad := range []jsonArgs{{"path": "nope"}, {"path": "main.go"}, {"ignore": []string{"["}}} {
		if res := te.run(t, "ls", bad); !res.IsError {
			t.Errorf("ls %v: %s", bad, res.Content)
		}
	}
}

func TestLsCapsBreadthFirst(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	for i := range 30 {
		for j := range 40 {
			te.write(t, fmt.Sprintf("d%02d/f%02d", i, j), "")
		}
	}
	res := te.run(t, "ls", jsonArgs{})
	if !strings.Contains(res.Content, "Listing truncated at 1000 entries") {
		t.Fatalf("no truncation note: %.200s", res.Content)
	}
	for i := range 30 { // every top-level directory made it in
		if !strings.Contains(res.Content, fmt.Sprintf("  - d%02d/\n", i)) {
			t.Errorf("d%02d missing", i)
		}
	}
	if n := strings.Count(res.Content, "\n  "); n > 1000 {
		t.Errorf("%d entries listed", n)
	}
}
