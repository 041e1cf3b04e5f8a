package shell

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/testenv"
)

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestGitConfigFileAllowlist(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cases := []struct {
		config string
		want   bool
	}{
		{"", true},
		{"[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n" +
			"[remote \"origin\"]\n\turl = git@github.com:x/y.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n" +
			"[branch \"main\"]\n\tremote = origin\n\tmerge = refs/heads/main\n", true},
		{"# comment\n; comment\n[user]\n\tname = A\n\temail = a@b\n[Core]\n\tIgnoreCase = true\n", true},
		{"[core]\n\tfsmonitor = ./evil.sh\n", false},
		{"[core]\n\tFSMonitor = ./evil.sh\n", false},
		{"[core] fsmonitor = ./evil.sh\n", false},
		{"[core]\n\tpager = ./evil\n", false},
		{"[core]\n\tsshCommand = ./evil\n", false},
		{"[core]\n\thooksPath = hooks\n", false},
		{"[core]\n\tworktree = /etc\n", false},
		{"[diff]\n\texternal = ./evil\n", false},
		{"[diff \"x\"]\n\ttextconv = ./evil\n", false},
		{"[filter \"lfs\"]\n\tclean = ./evil %f\n", false},
		{"[include]\n\tpath = ../../x\n", false},
		{"[includeIf \"gitdir:/\"]\n\tpath = x\n", false},
		{"[alias]\n\tst = !./evil\n", false},
		{"[gpg]\n\tprogram = ./evil\n", false},
		{"[credential]\n\thelper = !./evil\n", false},
		{"[user]\n\tname = a \\\n[core]\n\tfsmonitor = x\n", false},
		{"[core.x]\n\tfsmonitor = y\n", false},
		{"[remote \"a\\\"b\"]\n\turl = x\n", false},
		{"fsmonitor = x\n", false},
		{"[core\n\tbare = false\n", false},
		{"[core]\n\tbad key = x\n", false},
	}
	for i, tc := range cases {
		path := filepath.Join(dir, strings.Repeat("c", i+1))
		writeFile(t, path, tc.config)
		if got := gitConfigFileHarmless(path); got != tc.want {
			t.Errorf("config %q: harmless = %v, want %v", tc.config, got, tc.want)
		}
	}
	if !gitConfigFileHarmless(filepath.Join(dir, "missing")) {
		t.Errorf("a missing config file is not harmless")
	}
}

// TestGitNeedsAHarmlessRepository: git is read-only only where the
// repository it would use — found as git finds it: .git directories,
// gitdir: files, bare repositories, -C and --git-dir — has a harmless
// configuration.
func TestGitNeedsAHarmlessRepository(t *testing.T) {
	t.Parallel()
	w := project(t)
	root := w.Project
	writeFile(t, filepath.Join(root, ".git", "HEAD"), "ref: refs/heads/main\n")
	writeFile(t, filepath.Join(root, ".git", "config"), "[core]\n\tbare = false\n")
	writeFile(t, filepath.Join(root, "vendor", ".git", "config"), "[core]\n\tfsmonitor = ./x\n")
	writeFile(t, filepath.Join(root, "wt", ".git"), "gitdir: ../gitdirs/wt\n")
	writeFile(t, filepath.Join(root, "gitdirs", "wt", "config"), "[core]\n\tbare = false\n")
	writeFile(t, filepath.Join(root, "gitdirs", "wt", "commondir"), "../common\n")
	writeFile(t, filepath.Join(root, "gitdirs", "common", "config"), "[core]\n\tpager = ./x\n")
	writeFile(t, filepath.Join(root, "bare", "HEAD"), "ref: refs/heads/main\n")
	writeFile(t, filepath.Join(root, "bare", "config"), "[core]\n\tfsmonitor = ./x\n")
	if err := os.MkdirAll(filepath.Join(root, "bare", "objects"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(root, "broken", ".git"), "not a gitdir file\n")
	cases := []struct {
		line, want string
	}{
		{"git status", "read"},
		{"git -C internal log", "read"},
		{"git -C vendor status", "ask"},
		{"cd vendor && git status", "ask"},
		{"git --git-dir=vendor/.git log", "ask"},
		{"git -C wt status", "ask"},
		{"git -C bare log", "ask"},
		{"git --git-dir=bare log", "ask"},
		{"git -C broken status", "ask"},
	}
	for _, tc := range cases {
		if got := verdict(Analyze(tc.line, w)); got != tc.want {
			t.Errorf("Analyze(%q) = %s, want %s", tc.line, got, tc.want)
		}
	}
	if outside := filepath.Join(filepath.Dir(root), "outside"); InHarmlessGitRepo(outside) {
		t.Errorf("InHarmlessGitRepo(%s) = true outside every repository", outside)
	}
	for dir, want := range map[string]bool{
		root: true, filepath.Join(root, "internal"): true, filepath.Join(root, "vendor"): false,
		filepath.Join(root, "wt"): false, filepath.Join(root, "bare"): false, filepath.Join(root, "broken"): false,
	} {
		if got := InHarmlessGitRepo(dir); got != want {
			t.Errorf("InHarmlessGitRepo(%s) = %v, want %v", dir, got, want)
		}
	}
	writeFile(t, filepath.Join(root, ".git", "config"), "[core]\n\tfsmonitor = ./evil.sh\n")
	for _, line := range []string{"git status", "git log", "git -C internal diff", "cd sub && git status"} {
		if got := verdict(Analyze(line, w)); got != "ask" {
			t.Errorf("Analyze(%q) with core.fsmonitor in .git/config = %s, want ask", line, got)
		}
	}
}

// TestHardenedGitRunsNoConfiguredProgram runs a real git status in a
// submodule whose configuration sets core.fsmonitor, and a git log whose
// repository configuration sets a pager, with the environment HardenEnv
// gives read-only lines: neither program runs.
func TestHardenedGitRunsNoConfiguredProgram(t *testing.T) {
	t.Parallel()
	git := testenv.LookPath(t, "git")
	dir := t.TempDir()
	marker := filepath.Join(dir, "ran")
	run := func(env []string, args ...string) {
		t.Helper()
		cmd := exec.Command(git, args...)
		cmd.Dir, cmd.Env = dir, env
		if out, err := cmd.CombinedOutput(); err != nil && args[0] != "status" && args[0] != "log" {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	base := []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH"), "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b"}
	run(base, "init", "-q", ".")
	writeFile(t, filepath.Join(dir, "f"), "x\n")
	run(base, "add", "f")
	run(base, "commit", "-qm", "x")
	writeFile(t, filepath.Join(dir, ".git", "config"),
		"[core]\n\tfsmonitor = touch "+marker+"; echo\n\tpager = touch "+marker+"; cat\n")
	hardened := HardenEnv(base, Analysis{Commands: []Command{{words: []word{{text: "git", lit: true}}}}})
	writeFile(t, filepath.Join(dir, "f"), "y\n")
	run(hardened, "status")
	run(hardened, "log", "-1")
	if _, err := os.Stat(marker); err == nil {
		t.Fatalf("a configured program ran under the hardened environment")
	}
	run(base, "status")
	if _, err := os.Stat(marker); err != nil {
		t.Skipf("this git does not run core.fsmonitor; the control case proves nothing")
	}
}

func TestHardenEnv(t *testing.T) {
	t.Parallel()
	w := project(t)
	env := []string{"PATH=/bin", "CDPATH=/etc", "BASH_ENV=x", "GIT_CONFIG_PARAMETERS='a.b=c'", "GOPROXY=https://x", "GOENV=/x"}
	got := strings.Join(HardenEnv(env, Analyze("git status && go vet ./...", w)), "\n")
	for _, want := range []string{"PATH=/bin", "GIT_CONFIG_PARAMETERS='a.b=c' 'core.fsmonitor=false'",
		"'diff.ignoreSubmodules=all'", "GIT_OPTIONAL_LOCKS=0", "GIT_NO_LAZY_FETCH=1", "GOENV=off", "GOPROXY=off",
		"GOTOOLCHAIN=local"} {
		if !strings.Contains(got, want) {
			t.Errorf("hardened env lacks %q:\n%s", want, got)
		}
	}
	for _, gone := range []string{"CDPATH", "BASH_ENV", "GOPROXY=https", "GOENV=/x"} {
		if strings.Contains(got, gone) {
			t.Errorf("hardened env keeps %q:\n%s", gone, got)
		}
	}
	if got := HardenEnv([]string{"GOPROXY=x"}, Analyze("ls", w)); len(got) != 1 || got[0] != "GOPROXY=x" {
		t.Errorf("ls changed the environment: %q", got)
	}
}
