package shell

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPathsResolvedThroughSymlinks checks that a word judged as a path
// counts as outside the project when the filesystem says so: links to
// files and directories outside, links below a cd, globs that match such
// links, -C directories, input redirections.
func TestPathsResolvedThroughSymlinks(t *testing.T) {
	t.Parallel()
	w := project(t)
	cases := []struct {
		line, want string
	}{
		{"cat link", "ask"},
		{"cat dirlink/secret.txt", "ask"},
		{"cat dirlink/missing", "ask"},
		{"head -n1 link", "ask"},
		{"wc -c link main.go", "ask"},
		{"cd dirlink && cat secret.txt", "ask"},
		{"cd dirlink; ls", "ask"},
		{"cd sub && cat up/secret.txt", "ask"},
		{"cd sub && ls up", "ask"},
		{"cd sub && cat f.txt", "read"},
		{"(cd sub; cat f.txt)", "read"},
		{"cd sub && cd up && cat secret.txt", "ask"},
		{"bash -c 'cd sub && cat up/secret.txt'", "ask"},
		{"cat sub/up/secret.txt", "ask"},
		{"cat inlink", "read"},
		{"cat *", "ask"},
		{"cat *.go", "read"},
		{"cat l*", "ask"},
		{"cat d?rlink/x", "ask"},
		{"cat [l]ink", "ask"},
		{"cat */secret.txt", "ask"},
		{"ls sub/*", "ask"},
		{"cat {link,main.go}", "ask"},
		{"cat l{in,}k", "ask"},
		{"cat l{i..i}nk", "ask"},
		{"ls {internal,sub}", "read"},
		{"grep -r secret dirlink", "ask"},
		{"grep -r secret .", "read"},
		{"grep -e x --file=link main.go", "ask"},
		{"grep -flink main.go", "ask"},
		{"rg x dirlink", "ask"},
		{"find dirlink -name x", "ask"},
		{"find . -newer link", "ask"},
		{"find . -name link", "read"},
		{"ls -l dirlink", "ask"},
		{"ls -la", "read"},
		{"du -sh dirlink", "ask"},
		{"diff main.go link", "ask"},
		{"diff --from-file=link main.go", "ask"},
		{"git -C dirlink status", "ask"},
		{"git -C sub/up status", "ask"},
		{"git --git-dir=dirlink log", "ask"},
		{"git --work-tree=dirlink status", "ask"},
		{"git -C sub blame --contents=up/secret.txt f.txt", "ask"},
		{"cat < link", "ask"},
		{"cat < main.go", "read"},
		{"wc -l < dirlink/secret.txt", "ask"},
		{"sort -t/ -k2 link", "ask"},
		{"jq --rawfile x link . go.mod", "ask"},
		{"date -r link +%s", "ask"},
		{"stat link", "ask"},
		{"test -f link", "ask"},
		{"sed -n p link", "ask"},
		{"sed -n -e p link", "ask"},
		{"sed -n p p", "read"},
	}
	for _, tc := range cases {
		a := Analyze(tc.line, w)
		if got := verdict(a); got != tc.want {
			t.Errorf("Analyze(%q) = %s, want %s (risks %q, commands %+v)", tc.line, got, tc.want, a.Risks, a.Commands)
		}
	}
}

// TestOutsideDirIsNeverReadOnly: from a working directory outside the
// project (or without a project) nothing runs unasked.
func TestOutsideDirIsNeverReadOnly(t *testing.T) {
	t.Parallel()
	w := project(t)
	outside := filepath.Join(filepath.Dir(w.Project), "outside")
	for _, where := range []Where{
		{Project: w.Project, Dir: outside},
		{Project: w.Project, Dir: filepath.Join(w.Project, "dirlink")},
		{Project: w.Project, Dir: ".."},
		{},
	} {
		for _, line := range []string{"ls", "pwd", "git status", "cat secret.txt", "echo hi"} {
			if a := Analyze(line, where); a.ReadOnly() {
				t.Errorf("Analyze(%q) from %+v is read-only", line, where)
			}
		}
	}
	sub := Where{Project: w.Project, Dir: filepath.Join(w.Project, "sub")}
	if a := Analyze("cat f.txt", sub); !a.ReadOnly() {
		t.Errorf("cat f.txt in sub: %+v", a)
	}
	if a := Analyze("cat up/secret.txt", sub); a.ReadOnly() {
		t.Errorf("cat up/secret.txt in sub is read-only")
	}
}

// TestGlobCannotGrowOptions: a glob only counts as possible options for
// deny rules when a matching name starting with - exists.
func TestGlobCannotGrowOptions(t *testing.T) {
	t.Parallel()
	w := project(t)
	deny := ParsePattern("rm -rf*")
	if a := Analyze("rm *.go", w); deny.Denies("rm *.go", a) {
		t.Errorf("rm *.go matched rm -rf* without a file named like an option")
	}
	if err := os.WriteFile(filepath.Join(w.Project, "-rf.go"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if a := Analyze("rm *.go", w); !deny.Denies("rm *.go", a) {
		t.Errorf("rm *.go with a file -rf.go did not match rm -rf*")
	}
	if a := Analyze("rm -- *.go", w); deny.Denies("rm -- *.go", a) {
		t.Errorf("rm -- *.go matched rm -rf*")
	}
}
