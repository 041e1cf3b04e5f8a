package tools

import (
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/honecode/hone/internal/testenv"
)

// trickyIgnores are .gitignore files that use every rule of gitignore(5)
// that a walker can get wrong: precedence between files, negation,
// anchoring, directory-only patterns, "**", brackets, escapes, spaces.
var trickyIgnores = map[string]string{
	".gitignore": "# comment\n\\#hash\n*.log\n!important.log\n/build/\nnode_modules/\n*.tmp\n!keep.tmp\n" +
		"docs/**/draft*\nspace\\ \ntrail   \na/**/z\nlogs/**\n!logs/keep.txt\n[Bb]in/\n*.[oa]\n[!x]y.c\n" +
		"{braces}.txt\nfoo?bar\n**/deep/out\nsub/nested.txt\n\\!bang\n*.gen\n[[:digit:]]d.txt\n",
	"sub/.gitignore":       "!*.log\n/local\nonly_dir/\nnested2.txt\n",
	"sub/inner/.gitignore": "!x.gen\n!local\n",
	"crlf/.gitignore":      "a.txt\r\nb.txt\r\n",
}

// trickyFiles are the files of the tree; the ignore files come on top.
var trickyFiles = []string{
	"main.go", "x.log", "important.log", "sub/x.log", "sub/deep/y.log", "build/out.go", "src/build/kept.go",
	"node_modules/m.js", "web/node_modules/n.js", "a.tmp", "keep.tmp", "docs/draft1.md", "docs/x/draft2.md",
	"docs/final.md", "space ", "space", "trail", "trail  x", "a/z", "a/b/c/z", "a/zz", "logs/x.txt",
	"logs/keep.txt", "logs/deep/y.txt", "bin/tool", "Bin/tool", "cbin/tool", "x.o", "x.a", "x.c", "ay.c",
	"xy.c", "{braces}.txt", "b.txt", "fooxbar", "foo/bar", "p/deep/out", "deep/out/f.go", "sub/nested.txt",
	"nested.txt", "sub/nested2.txt", "!bang", "bang", "#hash", "sub/local", "sub/x/local", "sub/only_dir/f",
	"sub/only_dir2", "sub/inner/x.gen", "sub/inner/y.gen", "sub/inner/local", "z.gen", "7d.txt", "xd.txt",
	"crlf/a.txt", "crlf/b.txt", "crlf/c.txt", ".hidden/h.go",
}

// TestWalkMatchesGit holds both walkers to git: on trees with tricky
// ignore files, they list the files `git ls-files --others
// --exclude-standard` lists, the fixed tree and random ones.
func TestWalkMatchesGit(t *testing.T) {
	t.Parallel()
	git := testenv.LookPath(t, "git")
	compareWithGit(t, git, trickyIgnores, trickyFiles)
	for seed := range uint64(12) {
		ignores, files := randomTree(seed)
		compareWithGit(t, git, ignores, files)
	}
}

func compareWithGit(t *testing.T, git string, ignores map[string]string, files []string) {
	t.Helper()
	root := t.TempDir()
	for name, content := range ignores {
		writeFile(t, filepath.Join(root, name), content)
	}
	for _, name := range files {
		writeFile(t, filepath.Join(root, name), "x")
	}
	cmd := exec.Command(git, "init", "-q", root)
	cmd.Env = gitEnv(root)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	cmd = exec.Command(git, "-C", root, "ls-files", "-z", "--others", "--exclude-standard")
	cmd.Env = gitEnv(root)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	want := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	slices.Sort(want)
	if got := walkedFiles(t, root, false); !slices.Equal(got, want) {
		t.Errorf("walkTree differs from git (ignores %q):\n%s", ignores, listDiff(got, want))
	}
	if got := walkedFiles(t, root, true); !slices.Equal(got, want) {
		t.Errorf("walkTreeParallel differs from git (ignores %q):\n%s", ignores, listDiff(got, want))
	}
}

// gitEnv keeps the user's and the system's git configuration (global
// excludes among them) out of the comparison.
func gitEnv(home string) []string {
	return []string{"HOME=" + home, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "PATH=" + os.Getenv("PATH")}
}

// walkedFiles lists the files (not directories) a walker reports, relative
// to root, sorted.
func walkedFiles(t *testing.T, root string, parallel bool) []string {
	var mu sync.Mutex
	var got []string
	add := func(abs string, d fs.DirEntry) {
		if d.IsDir() {
			return
		}
		rel, _ := filepath.Rel(root, abs)
		mu.Lock()
		got = append(got, filepath.ToSlash(rel))
		mu.Unlock()
	}
	var err error
	if parallel {
		err = walkTreeParallel(context.Background(), root, walkWorkers(), func(_ int, abs string, e walkEntry) { add(abs, e.DirEntry) })
	} else {
		err = walkTree(context.Background(), root, func(abs string, d fs.DirEntry) error { add(abs, d); return nil })
	}
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	return got
}

func listDiff(got, want []string) string {
	var b strings.Builder
	for _, g := range got {
		if !slices.Contains(want, g) {
			fmt.Fprintf(&b, "  extra   %q\n", g)
		}
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			fmt.Fprintf(&b, "  missing %q\n", w)
		}
	}
	return b.String()
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// randomTree draws ignore files and paths from small pools, so that
// patterns, negations and nesting meet in many combinations.
func randomTree(seed uint64) (map[string]string, []string) {
	r := rand.New(rand.NewPCG(seed, 19))
	patterns := []string{"*.go", "!*.go", "a", "!a", "a/", "/a", "b/", "!b/", "*.txt", "!x.txt", "a/**",
		"**/b", "a/**/c", "/c/", "x*", "!x?", "[ab]", "[!ab].txt", "*/c", "b/*.txt", "**/a/x.go", "!c"}
	dirs := []string{"", "a/", "b/", "c/", "a/b/", "a/c/", "b/a/", "c/a/b/", "x/", "a/b/c/"}
	names := []string{"a", "b", "c", "x.go", "y.go", "x.txt", "y.txt", "xa", "xb"}
	ignores := map[string]string{}
	for _, dir := range dirs {
		if r.IntN(3) == 0 {
			continue
		}
		var lines []string
		for range 1 + r.IntN(4) {
			lines = append(lines, patterns[r.IntN(len(patterns))])
		}
		ignores[dir+".gitignore"] = strings.Join(lines, "\n") + "\n"
	}
	seen := map[string]bool{}
	var files []string
	for range 40 {
		p := dirs[r.IntN(len(dirs))] + "f/" + names[r.IntN(len(names))]
		if r.IntN(2) == 0 {
			p = dirs[r.IntN(len(dirs))] + names[r.IntN(len(names))]
		}
		if !seen[p] && !isDirIn(p, dirs) {
			seen[p] = true
			files = append(files, p)
		}
	}
	return ignores, files
}

// isDirIn reports whether p is also one of the tree's directories (a file
// and a directory cannot share a path).
func isDirIn(p string, dirs []string) bool {
	return slices.Contains(dirs, p+"/") || slices.ContainsFunc(dirs, func(d string) bool { return strings.HasPrefix(d, p+"/") })
}
