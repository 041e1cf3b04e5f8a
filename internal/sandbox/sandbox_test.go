package sandbox_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/procgroup"
	"github.com/honecode/hone/internal/sandbox"
	"github.com/honecode/hone/internal/testenv"
)

// box is a project with a fake home, run through the sandbox.
type box struct {
	project, home, temp, outside string
	env                          []string
}

func newBox(t *testing.T) *box {
	t.Helper()
	st := sandbox.Detect()
	if !st.Complete() {
		if testenv.InCI() {
			t.Fatalf("CI needs a complete sandbox: %s", st)
		}
		t.Skipf("sandbox incomplete here: %s", st.Reason)
	}
	root := t.TempDir()
	b := &box{project: filepath.Join(root, "project"), home: filepath.Join(root, "home"),
		temp: filepath.Join(root, "tmp"), outside: filepath.Join(root, "other")}
	for _, d := range []string{b.project + "/.git/hooks", b.home + "/.ssh", b.temp, b.outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(t, b.project+"/.git/config", "[core]\n")
	write(t, b.project+"/main.go", "package main\n")
	write(t, b.home+"/.ssh/id_ed25519", "PRIVATE KEY\n")
	write(t, b.outside+"/secret.txt", "other project\n")
	b.env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + b.home, "TMPDIR=" + b.temp, "LANG=C"}
	return b
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// run runs script with bash in the project under a policy of level lvl.
func (b *box) run(t *testing.T, lvl sandbox.Level, network bool, script string) (string, int) {
	t.Helper()
	pol, err := sandbox.New(lvl, sandbox.Settings{Project: b.project, TempDir: b.temp, Env: b.env, Home: b.home}, network)
	if err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	l := procgroup.NewLauncher(procgroup.Options{Confine: sandbox.Confine})
	c, err := l.Start(procgroup.Spec{Path: "bash", Args: []string{"-c", script}, Dir: b.project, Env: b.env,
		Files: []*os.File{nil, w, w}, Session: true, Sandbox: pol.Marshal()})
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	out, _ := io.ReadAll(r)
	return string(out), c.Exit().Code
}

func TestReadOnlySandbox(t *testing.T) {
	t.Parallel()
	b := newBox(t)
	for _, tc := range []struct{ script, want string }{
		{"cat main.go", "package main"},
		{"echo hi > $TMPDIR/x && cat $TMPDIR/x", "hi"},
		{"touch new.txt", "Permission denied"},
		{"touch " + b.outside + "/x", "Permission denied"},
		{"cat " + b.outside + "/secret.txt", "Permission denied"},
		{"cat ~/.ssh/id_ed25519", "Permission denied"},
		{"ls ~", "Permission denied"},
		{"cat /etc/shadow", "Permission denied"},
	} {
		out, _ := b.run(t, sandbox.LevelReadOnly, false, tc.script)
		if !strings.Contains(out, tc.want) {
			t.Errorf("%s: output %q, want %q", tc.script, out, tc.want)
		}
	}
	if _, err := os.Stat(b.project + "/new.txt"); err == nil {
		t.Error("read-only sandbox created new.txt")
	}
}

func TestWorkspaceSandbox(t *testing.T) {
	t.Parallel()
	b := newBox(t)
	out, code := b.run(t, sandbox.LevelWorkspace, false, "mkdir -p build && echo x > build/out && echo y > top.txt && mv top.txt build/ && cat build/top.txt")
	if code != 0 || !strings.Contains(out, "y") {
		t.Fatalf("writing the project: exit %d, %q", code, out)
	}
	for _, script := range []string{
		"echo '[core] fsmonitor = ./x' >> .git/config",
		"touch .git/hooks/pre-commit",
		"rm -rf .git",
		"touch " + b.outside + "/x",
		"echo x > ~/.bashrc",
	} {
		if out, code := b.run(t, sandbox.LevelWorkspace, false, script); code == 0 {
			t.Errorf("%s: allowed (%q)", script, out)
		}
	}
	if cfg, _ := os.ReadFile(b.project + "/.git/config"); string(cfg) != "[core]\n" {
		t.Errorf(".git/config changed: %q", cfg)
	}
	if _, err := os.Stat(b.project + "/.git/hooks/pre-commit"); err == nil {
		t.Error("a hook was created")
	}
}

func TestSandboxNetwork(t *testing.T) {
	t.Parallel()
	b := newBox(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, "reached") }))
	t.Cleanup(srv.Close)
	port := srv.Listener.Addr().(interface{ String() string }).String()
	port = port[strings.LastIndexByte(port, ':')+1:]
	probe := fmt.Sprintf(`exec 3<>/dev/tcp/127.0.0.1/%s && printf 'GET / HTTP/1.0\r\n\r\n' >&3 && cat <&3`, port)
	for _, lvl := range []sandbox.Level{sandbox.LevelReadOnly, sandbox.LevelWorkspace} {
		if out, code := b.run(t, lvl, false, probe); code == 0 || strings.Contains(out, "reached") {
			t.Errorf("%s without network reached the server: %q", lvl, out)
		}
	}
	if out, code := b.run(t, sandbox.LevelWorkspace, true, probe); code != 0 || !strings.Contains(out, "reached") {
		t.Errorf("granted network: exit %d, %q", code, out)
	}
	// A server the command starts for itself works on loopback.
	out, code := b.run(t, sandbox.LevelReadOnly, false, `python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print("bound")' 2>&1 || echo nopython`)
	if code != 0 || !(strings.Contains(out, "bound") || strings.Contains(out, "nopython")) {
		t.Errorf("loopback inside the sandbox: %q", out)
	}
}

// Nothing in the sandbox sees Hone's process: not its environment (where
// the API keys are), not its command line.
func TestSandboxHidesHone(t *testing.T) {
	t.Parallel()
	b := newBox(t)
	me := fmt.Sprint(os.Getpid())
	out, _ := b.run(t, sandbox.LevelReadOnly, false,
		"cat /proc/"+me+"/environ; cat /proc/$PPID/environ; ps eww -p "+me+" | tail -n +2; ps ax -o pid= | wc -l; grep CapEff /proc/self/status")
	if strings.Contains(out, "PATH=") {
		t.Errorf("the sandbox read Hone's environment: %q", out)
	}
	if !strings.Contains(out, "CapEff:\t0000000000000000") {
		t.Errorf("capabilities not dropped: %q", out)
	}
	if kill, code := b.run(t, sandbox.LevelReadOnly, false, "kill -0 "+me); code == 0 {
		t.Errorf("the sandbox may signal Hone: %q", kill)
	}
}

func TestDetectDescribes(t *testing.T) {
	t.Parallel()
	st := sandbox.Detect()
	text := st.String()
	for _, want := range []string{"platform:", "filesystem confinement:", "network:"} {
		if !strings.Contains(text, want) {
			t.Errorf("status lacks %q:\n%s", want, text)
		}
	}
}
