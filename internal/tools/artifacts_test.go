package tools

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/artifact"
)

// artifactEnv is a toolEnv that keeps cut outputs in a data directory.
func artifactEnv(t *testing.T, quota int64) (*toolEnv, *Registry) {
	t.Helper()
	te := newToolEnv(t)
	te.Artifacts = artifact.New(filepath.Join(filepath.Dir(te.root), "data"), quota)
	reg := NewRegistry(Builtins(te.Env)...)
	reg.SetArtifacts(te.Artifacts)
	return te, reg
}

func TestBashOutputIsKeptWholeAndReadableWithoutAsking(t *testing.T) {
	t.Parallel()
	te, reg := artifactEnv(t, 0)
	res := runOn(t, reg, "bash", jsonArgs{"command": "seq 1 200000"})
	if res.Artifact == "" || !strings.Contains(res.Content, "is saved at "+res.Artifact) {
		t.Fatalf("no artifact note in:\n%s", tail(res.Content))
	}
	if !strings.Contains(res.Content, "200,000 lines") && !strings.Contains(res.Content, "200000 lines") {
		t.Errorf("note does not count the lines: %s", tail(res.Content))
	}
	whole, err := os.ReadFile(res.Artifact)
	if err != nil || !strings.HasPrefix(string(whole), "1\n2\n") || !strings.HasSuffix(string(whole), "\n199999\n200000\n") {
		t.Fatalf("artifact incomplete (%d bytes): %v", len(whole), err)
	}
	view := runOn(t, reg, "view", jsonArgs{"file_path": res.Artifact, "offset": 150000, "limit": 3})
	if view.IsError || !strings.Contains(view.Content, "150001|150001\n") || !strings.Contains(view.Content, "150003|150003\n") {
		t.Fatalf("view of the artifact:\n%s", view.Content)
	}
	grep := runOn(t, reg, "grep", jsonArgs{"pattern": "^123456$", "path": res.Artifact})
	if grep.IsError || !strings.Contains(grep.Content, "123456: 123456") {
		t.Fatalf("grep of the artifact:\n%s", grep.Content)
	}
	if asked := te.asker.asked(); len(asked) != 0 {
		t.Fatalf("reading the session's own artifact asked: %+v", asked)
	}
}

func TestOtherSessionsArtifactsNeedPermission(t *testing.T) {
	t.Parallel()
	te, reg := artifactEnv(t, 0)
	w, err := te.Artifacts.Create("other-session", "c9")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = w.Write([]byte("secret of another session\n"))
	other, _ := w.Close()
	te.asker.deny = true
	res := runOn(t, reg, "view", jsonArgs{"file_path": other.Path})
	if !res.Denied {
		t.Fatalf("another session's artifact was read without asking:\n%s", res.Content)
	}
	db := filepath.Join(filepath.Dir(filepath.Dir(filepath.Dir(other.Path))), "hone.db")
	_ = os.WriteFile(db, []byte("x"), 0o600)
	if res := runOn(t, reg, "grep", jsonArgs{"pattern": "x", "path": db}); !res.Denied {
		t.Fatalf("the database was searched without asking:\n%s", res.Content)
	}
}

func TestRegistryCutsAnyLongResultAndKeepsIt(t *testing.T) {
	t.Parallel()
	te, _ := artifactEnv(t, 0)
	long := strings.Repeat("é", 150_000) // 300 kB, cut inside no rune
	reg := NewRegistry(fixedTool{name: "big", out: long})
	reg.SetArtifacts(te.Artifacts)
	res := runOn(t, reg, "big", jsonArgs{})
	if len(res.Content) > resultLimit+1000 || !strings.Contains(res.Content, "[output cut: showing the first 97.7 KiB of 293.0 KiB.]") {
		t.Fatalf("not cut: %d bytes\n%s", len(res.Content), tail(res.Content))
	}
	if whole, _ := os.ReadFile(res.Artifact); string(whole) != long {
		t.Fatalf("artifact holds %d bytes, want %d", len(whole), len(long))
	}
	if len(res.Display.Body) > resultLimit+1000 || res.Display.Artifact != res.Artifact {
		t.Fatalf("display keeps %d bytes, artifact %q", len(res.Display.Body), res.Display.Artifact)
	}
}

func TestGrepKeepsEveryMatch(t *testing.T) {
	t.Parallel()
	te, reg := artifactEnv(t, 0)
	var b strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&b, "match %d\n", i)
	}
	te.write(t, "many.txt", b.String())
	res := runOn(t, reg, "grep", jsonArgs{"pattern": "match"})
	if res.Artifact == "" {
		t.Fatalf("no saved output:\n%s", tail(res.Content))
	}
	whole, _ := os.ReadFile(res.Artifact)
	if n := strings.Count(string(whole), "\n"); n != 1000 || !strings.Contains(string(whole), "many.txt:1000:match 999\n") {
		t.Fatalf("saved %d matches:\n%s", n, tail(string(whole)))
	}
}

func TestQuotaDropsOldOutputsWithANote(t *testing.T) {
	t.Parallel()
	te, reg := artifactEnv(t, 300_000)
	first := runOn(t, reg, "bash", jsonArgs{"command": "head -c 200000 /dev/zero | tr '\\0' a"})
	second := runOn(t, reg, "bash", jsonArgs{"command": "head -c 200000 /dev/zero | tr '\\0' b"})
	if first.Artifact == "" || !strings.Contains(second.Content, "older saved outputs were deleted: "+first.Artifact) {
		t.Fatalf("second result does not say the first output was dropped:\n%s", tail(second.Content))
	}
	res := runOn(t, reg, "view", jsonArgs{"file_path": first.Artifact})
	if !res.IsError || !strings.Contains(res.Content, "no longer exists") || !strings.Contains(res.Content, "quota") {
		t.Fatalf("view of a dropped output:\n%s", res.Content)
	}
	big := runOn(t, reg, "bash", jsonArgs{"command": "head -c 500000 /dev/zero | tr '\\0' c"})
	if !strings.Contains(big.Content, "Only its first 293.0 KiB were kept") {
		t.Fatalf("a result over the quota does not say so:\n%s", tail(big.Content))
	}
	for _, req := range te.asker.asked() {
		if req.ToolName != "bash" {
			t.Fatalf("asked: %+v", req)
		}
	}
}

// fixedTool returns out as its result.
type fixedTool struct{ name, out string }

func (f fixedTool) Info() Info { return Info{Name: f.name, Policy: PolicyReadOnly} }

func (f fixedTool) Run(context.Context, Call) (Result, error) { return Result{Content: f.out}, nil }

// tail is the end of a long text, for failure messages.
func tail(s string) string { return s[max(0, len(s)-600):] }

func TestGrepThatShowsEverythingSavesNothing(t *testing.T) {
	t.Parallel()
	te, reg := artifactEnv(t, 0)
	te.write(t, "long.txt", strings.Repeat("needle "+strings.Repeat("x", 3000)+"\n", 50)) // 150 kB of matches
	res := runOn(t, reg, "grep", jsonArgs{"pattern": "needle"})
	if res.IsError || res.Artifact != "" {
		t.Fatalf("artifact %q for a complete result:\n%s", res.Artifact, tail(res.Content))
	}
	if list, _ := te.Artifacts.List(testCallContext.SessionID); len(list) != 0 {
		t.Fatalf("left artifacts behind: %+v", list)
	}
}

func TestBackgroundJobOutputIsKeptWhole(t *testing.T) {
	t.Parallel()
	te, _ := artifactEnv(t, 0)
	te.Jobs = NewJobManager()
	t.Cleanup(te.Jobs.Close)
	reg := NewRegistry(Builtins(te.Env)...)
	reg.SetArtifacts(te.Artifacts)
	start := runOn(t, reg, "bash", jsonArgs{"command": "seq 1 100000", "run_in_background": true})
	if start.IsError {
		t.Fatal(start.Content)
	}
	res := runOn(t, reg, "job_output", jsonArgs{"shell_id": "job-1", "wait": true})
	if res.Artifact == "" || !strings.Contains(res.Content, "is saved at "+res.Artifact) {
		t.Fatalf("job_output names no saved output:\n%s", tail(res.Content))
	}
	whole, _ := os.ReadFile(res.Artifact)
	if !strings.HasPrefix(string(whole), "1\n2\n") || !strings.HasSuffix(string(whole), "\n100000\n") {
		t.Fatalf("saved job output incomplete: %d bytes", len(whole))
	}
}
