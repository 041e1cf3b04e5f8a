package tools

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bmatcuk/doublestar/v4"
)

func TestGlob(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	files := []string{"main.go", "go.mod", "pkg/a.go", "pkg/sub/b.go", "pkg/b_test.go", "build/gen.go", ".github/ci.yml", ".git/HEAD"}
	for i, f := range files {
		p := te.write(t, f, "x")
		mtime := time.Unix(1_700_000_000+int64(i)*10, 0) // later files are newer
		if err := os.Chtimes(p, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	te.write(t, ".gitignore", "build/\n")
	tests := []struct {
		args    jsonArgs
		want    string
		isError bool
	}{
		{jsonArgs{"pattern": "**/*.go"}, "pkg/b_test.go\npkg/sub/b.go\npkg/a.go\nmain.go", false},
		{jsonArgs{"pattern": "*.go"}, "main.go", false},
		{jsonArgs{"pattern": "go.mod"}, "go.mod", false},
		{jsonArgs{"pattern": "pkg/**/*.go"}, "pkg/b_test.go\npkg/sub/b.go\npkg/a.go", false},
		{jsonArgs{"pattern": "*.go", "path": "pkg"}, "pkg/b_test.go\npkg/a.go", false},
		{jsonArgs{"pattern": "**/*.{yml,mod}"}, ".github/ci.yml\ngo.mod", false},
		{jsonArgs{"pattern": filepath.Join(te.root, "pkg", "**", "b*.go")}, "pkg/b_test.go\npkg/sub/b.go", false},
		{jsonArgs{"pattern": "**/*.rs"}, "No files found.", false},
		{jsonArgs{"pattern": "[", "path": ""}, "invalid glob pattern", true},
		{jsonArgs{"pattern": "*.go", "path": "nope"}, "does not exist", true},
		{jsonArgs{"pattern": "*.go", "path": "main.go"}, "not a directory", true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.args), func(t *testing.T) {
			t.Parallel()
			res := te.run(t, "glob", tt.args)
			if res.IsError != tt.isError {
				t.Fatalf("IsError = %v: %s", res.IsError, res.Content)
			}
			if tt.isError && !strings.Contains(res.Content, tt.want) || !tt.isError && res.Content != tt.want {
				t.Errorf("content = %q, want %q", res.Content, tt.want)
			}
		})
	}
}

func TestGlobTruncates(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	for i := range 150 {
		te.write(t, fmt.Sprintf("f%03d.txt", i), "")
	}
	res := te.run(t, "glob", jsonArgs{"pattern": "*.txt"})
	if n := strings.Count(res.Display.Body, "\n") + 1; n != 100 {
		t.Errorf("listed %d paths, want 100", n)
	}
	if !strings.Contains(res.Content, "showing 100 of 150 files") || res.Display.Kind != DisplayList {
		t.Errorf("result = %+v", res)
	}
}

// Files with one modification time (a checkout writes many within one
// clock tick) are listed by path.
func TestGlobTiesListedByPath(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	same := time.Unix(1_700_000_000, 0)
	for i, f := range []string{"c.go", "a/z.go", "b.go", "a/b.go", "new.go"} {
		mtime := same
		if i == 4 {
			mtime = same.Add(time.Second)
		}
		if err := os.Chtimes(te.write(t, f, "x"), mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	res := te.run(t, "glob", jsonArgs{"pattern": "**/*.go"})
	if want := "new.go\na/b.go\na/z.go\nb.go\nc.go"; res.Content != want {
		t.Errorf("content = %q, want %q", res.Content, want)
	}
}

// globMatcher's shortcuts for "**/last" patterns decide every path as
// doublestar does.
func TestGlobMatcherAgreesWithDoublestar(t *testing.T) {
	t.Parallel()
	patterns := []string{
		"**/*.go", "**/*", "**/*_test.go", "**/file?.go", "**/{a,b}.go", "**/[ab]*.go",
		"**/.gitignore", "**/x*y", "**/*.{ts,tsx}", "**/*.go}", "**/*]", "**/**", "**/a/*.go",
		"**/*\\*", "**/\\*.go", "pkg/**/*.go", "*.go", "**/*.", "**/**.go", "**/*[.]go",
	}
	paths := []string{
		"a.go", "x/a.go", "x/y/.go", "x.go/y", "x/a.gox", "a", ".gitignore", "d/.gitignore",
		"b.ts", "q/b.tsx", "x/file1.go", "weird{a/b.go", "x/aa.go}", "x/a]", "a/b/c_test.go",
		"pkg/a.go", "pkg/x/b.go", "x/y", "x/xzy", "*.go", "d/*", "d/a*", "x/.", "b/a.",
	}
	for _, p := range patterns {
		if !doublestar.ValidatePattern(p) {
			continue
		}
		match := globMatcher(p)
		for _, rel := range paths {
			if got, want := match(rel), doublestar.MatchUnvalidated(p, rel); got != want {
				t.Errorf("pattern %q, path %q: matched %v, doublestar says %v", p, rel, got, want)
			}
		}
	}
}

// Hits gathered by several walker goroutines come out in one order,
// newest first and then by path, whichever shard holds them.
func TestSortShardsMergesInOrder(t *testing.T) {
	t.Parallel()
	var all []globHit
	shards := make([]globShard, 4)
	for i := range 400 {
		h := globHit{abs: fmt.Sprintf("/p/%03d.go", (i*37)%400), mtime: int64(i % 7)}
		all = append(all, h)
		shards[(i*13)%len(shards)].hits = append(shards[(i*13)%len(shards)].hits, h)
	}
	shards = append(shards, globShard{}) // a worker that found nothing
	got := sortShards(shards)
	slices.SortFunc(all, func(a, b globHit) int {
		if a.mtime != b.mtime {
			return int(b.mtime - a.mtime)
		}
		return strings.Compare(a.abs, b.abs)
	})
	if !slices.Equal(got, all) {
		t.Errorf("merged shards out of order:\n%v\nwant\n%v", got[:10], all[:10])
	}
}
