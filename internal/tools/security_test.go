package tools

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/honecode/hone/internal/permission"
)

// TestOutsidePathsAsk calls each file tool, through the registry, on paths
// that leave the project in different ways. Every call must ask with the
// resolved path marked outside the project; the asker denies, so the call
// must come back denied and nothing may change.
func TestOutsidePathsAsk(t *testing.T) {
	t.Parallel()
	passwd, err := os.ReadFile("/etc/passwd")
	if err != nil {
		t.Skip("no /etc/passwd on this system")
	}
	firstLine, _, _ := strings.Cut(string(passwd), "\n")
	type target struct {
		name string
		path func(te *toolEnv) string // argument given to the tool
		abs  func(te *toolEnv) string // resolved path the request must name
		line string                   // a line of the target file, for edit
	}
	targets := []target{
		{"symlink to outside file", func(te *toolEnv) string { return "link.txt" },
			func(te *toolEnv) string { return filepath.Join(te.outside, "secret.txt") }, "secret"},
		{"dot-dot", func(te *toolEnv) string { return "../x" },
			func(te *toolEnv) string { return filepath.Join(filepath.Dir(te.root), "x") }, "x content"},
		{"etc passwd", func(*toolEnv) string { return "/etc/passwd" }, func(*toolEnv) string { return "/etc/passwd" }, firstLine},
		{"proc self root", func(*toolEnv) string { return "/proc/self/root/etc/passwd" }, func(*toolEnv) string { return "/etc/passwd" }, firstLine},
	}
	type tool struct {
		name   string
		action permission.Action
		args   func(path, line string) jsonArgs
	}
	tools := []tool{
		{"view", permission.ActionRead, func(p, _ string) jsonArgs { return jsonArgs{"file_path": p} }},
		{"ls", permission.ActionRead, func(p, _ string) jsonArgs { return jsonArgs{"path": p} }},
		{"glob", permission.ActionRead, func(p, _ string) jsonArgs { return jsonArgs{"pattern": "*", "path": p} }},
		{"grep", permission.ActionRead, func(p, _ string) jsonArgs { return jsonArgs{"pattern": "root", "path": p} }},
		{"edit", permission.ActionWrite, func(p, l string) jsonArgs {
			return jsonArgs{"file_path": p, "old_string": l, "new_string": l + "#pwned"}
		}},
		{"write", permission.ActionWrite, func(p, _ string) jsonArgs { return jsonArgs{"file_path": p, "content": "pwned\n"} }},
	}
	for _, tg := range targets {
		for _, tl := range tools {
			t.Run(tl.name+"/"+tg.name, func(t *testing.T) {
				t.Parallel()
				te := securityEnv(t)
				checkOutsideCall(t, te, tl.name, tl.action, tg.path(te), tg.abs(te), tl.args, tg.line)
			})
		}
	}
}

// checkOutsideCall runs tool on path (which resolves to abs, outside the
// project) and checks that it asked for action on abs, was denied and
// changed nothing. Write tools view the file first (that read is allowed).
func checkOutsideCall(t *testing.T, te *toolEnv, tool string, action permission.Action, path, abs string,
	args func(path, line string) jsonArgs, line string) {
	t.Helper()
	asker := &readOnlyAsker{allowReads: action == permission.ActionWrite}
	te.Perms = asker
	if action == permission.ActionWrite && os.Geteuid() == 0 && strings.HasPrefix(abs, "/etc/") {
		// As root a broken tool could really change /etc/passwd: aim the
		// write tools at a file outside the project that the same kind of
		// absolute path reaches instead.
		path = strings.Replace(path, "/etc/passwd", filepath.Join(te.outside, "secret.txt"), 1)
		abs, line = filepath.Join(te.outside, "secret.txt"), "secret"
		t.Logf("running as root: using %s instead of /etc/passwd", path)
	}
	before := fileState(t, abs)
	if action == permission.ActionWrite {
		if res := te.run(t, "view", jsonArgs{"file_path": path}); res.IsError {
			t.Fatalf("view before %s: %s", tool, res.Content)
		}
	}
	res := te.run(t, tool, args(path, line))
	reqs := asker.asked()
	if len(reqs) == 0 {
		t.Fatalf("%s did not ask", tool)
	}
	last := reqs[len(reqs)-1]
	if last.Action != action || last.Path != abs || !last.OutsideProject || last.ToolName != tool {
		t.Errorf("requests = %+v, want a %s request for %s", reqs, action, abs)
	}
	if action == permission.ActionRead && len(reqs) != 1 {
		t.Errorf("asked %d times, want once", len(reqs))
	}
	if !res.Denied || !res.IsError {
		t.Errorf("result not denied: %+v", res)
	}
	if after := fileState(t, abs); after != before {
		t.Errorf("%s changed", abs)
	}
}

// readOnlyAsker allows reads when allowReads is set and denies every
// other action, whatever happens: the security tests must never let a
// write through.
type readOnlyAsker struct {
	allowReads bool
	mu         sync.Mutex
	requests   []permission.Request
}

func (a *readOnlyAsker) Ask(_ context.Context, req permission.Request) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.requests = append(a.requests, req)
	if req.Action == permission.ActionRead && a.allowReads {
		return nil
	}
	return &permission.DeniedError{Tool: req.ToolName, Reason: "security test"}
}

func (a *readOnlyAsker) asked() []permission.Request {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]permission.Request(nil), a.requests...)
}

// securityEnv is a project with a link to a file outside and a file next
// to the project directory.
func securityEnv(t *testing.T) *toolEnv {
	te := newToolEnv(t)
	secret := filepath.Join(te.outside, "secret.txt")
	if err := os.WriteFile(secret, []byte("secret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(te.root, "link.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(filepath.Dir(te.root), "x"), []byte("x content\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return te
}

// TestSwappedSymlinkNeverWritesOutside swaps a project directory for a
// link to the outside while the tool waits for permission (after its
// checks, before its write): the write must fail and nothing may appear
// outside.
func TestSwappedSymlinkNeverWritesOutside(t *testing.T) {
	t.Parallel()
	calls := []struct {
		tool string
		args jsonArgs
	}{
		{"write", jsonArgs{"file_path": "sub/new.txt", "content": "pwned\n"}},
		{"edit", jsonArgs{"file_path": "sub/f.txt", "old_string": "", "new_string": "pwned\n"}},
		{"edit", jsonArgs{"file_path": "sub/deeper/f.txt", "old_string": "", "new_string": "pwned\n"}},
	}
	for _, c := range calls {
		t.Run(c.tool+"/"+fmt.Sprint(c.args["file_path"]), func(t *testing.T) {
			t.Parallel()
			te := newToolEnv(t)
			sub := filepath.Join(te.root, "sub")
			if err := os.Mkdir(sub, 0o755); err != nil {
				t.Fatal(err)
			}
			te.asker.onAsk = func(permission.Request) {
				if err := os.Rename(sub, sub+".moved"); err != nil {
					t.Error(err)
				}
				if err := os.Symlink(te.outside, sub); err != nil {
					t.Error(err)
				}
			}
			res := te.run(t, c.tool, c.args)
			if !res.IsError {
				t.Errorf("write through a swapped link succeeded: %+v", res)
			}
			if entries, _ := os.ReadDir(te.outside); len(entries) != 0 {
				t.Errorf("files appeared outside the project: %v", entries)
			}
		})
	}
}

// fileState summarizes a file (or its absence) for before/after checks.
func fileState(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		return "absent: " + err.Error()
	}
	fi, _ := os.Stat(path)
	return fmt.Sprintf("%x %v %v", sha256.Sum256(b), fi.Mode(), fi.ModTime().UnixNano())
}

// snapshot summarizes every file below root.
func snapshot(t *testing.T, root string) string {
	t.Helper()
	var b strings.Builder
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			fmt.Fprintf(&b, "%s %s\n", p, fileState(t, p))
		}
		return nil
	})
	return b.String()
}
