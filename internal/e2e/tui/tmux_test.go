package tui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/honecode/hone/internal/testenv"
)

// waitTimeout bounds every wait for the screen. It is a deadline for a
// hang, not a speed assertion: a passing wait ends as soon as the screen
// shows what it waits for.
const waitTimeout = 20 * time.Second

// pollInterval is the pause between two looks at the screen.
const pollInterval = 50 * time.Millisecond

// tmuxConf makes panes take the whole window (no status bar) and keeps a
// pane on screen after its program exits, so a test can read what it
// printed last (exitMarker).
const tmuxConf = "set -g status off\nset -g remain-on-exit on\nset -g escape-time 0\n"

// requireTmux skips the test when tmux is not installed, or fails it in
// CI, where tmux must be there.
func requireTmux(t testing.TB) {
	t.Helper()
	testenv.LookPath(t, "tmux")
}

// tmuxServer is a private tmux server: its own socket and config, the
// user's environment. Cleanup kills it with everything it runs.
type tmuxServer struct {
	t    testing.TB
	sock string
	conf string
	env  []string
	n    int // sessions started, for unique names
}

func newTmux(t testing.TB, u *user) *tmuxServer {
	t.Helper()
	requireTmux(t)
	// A socket path must stay short (about 100 bytes), so it does not
	// live under t.TempDir, whose name grows with the test's name.
	dir, err := os.MkdirTemp("", "hone-tmux-")
	if err != nil {
		t.Fatal(err)
	}
	s := &tmuxServer{t: t, sock: filepath.Join(dir, "sock"), conf: filepath.Join(dir, "tmux.conf"), env: u.environ()}
	if err := os.WriteFile(s.conf, []byte(tmuxConf), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = s.run("kill-server")
		_ = os.RemoveAll(dir)
	})
	return s
}

// run runs one tmux command against the server and returns its output.
func (s *tmuxServer) run(args ...string) (string, error) {
	cmd := exec.Command("tmux", append([]string{"-u", "-S", s.sock, "-f", s.conf}, args...)...)
	cmd.Env = s.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("tmux %s: %w: %s", strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

func (s *tmuxServer) must(args ...string) string {
	s.t.Helper()
	out, err := s.run(args...)
	if err != nil {
		s.t.Fatal(err)
	}
	return out
}

// pane is a terminal window of width × height cells running one program.
type pane struct {
	s      *tmuxServer
	t      testing.TB
	target string
}

// exitMarker is printed on the pane when its program ends, followed by
// the exit status and "]". The wrapping shell, not tmux, reaps the
// program: tmux may leave a dead pane's status unread for long while
// clients keep asking it for the screen.
const exitMarker = "[program exited with status "

// start runs argv in a new window of width × height cells with dir as
// the working directory. A shell runs it (so the pane shows exitMarker
// after it) but does not parse it: argv reaches the program verbatim.
func (s *tmuxServer) start(dir string, width, height int, argv ...string) *pane {
	s.t.Helper()
	s.n++
	name := "w" + strconv.Itoa(s.n)
	args := []string{
		"new-session", "-d", "-s", name, "-x", strconv.Itoa(width), "-y", strconv.Itoa(height), "-c", dir, "--",
		"sh", "-c", `"$@"; echo "` + exitMarker + `$?]"`, "sh",
	}
	s.must(append(args, argv...)...)
	return &pane{s: s, t: s.t, target: name}
}

// screen is the text on the pane now, one line per row.
func (p *pane) screen() string {
	p.t.Helper()
	return p.s.must("capture-pane", "-p", "-t", p.target)
}

// scrollback is the pane's text with the lines that scrolled off the top.
func (p *pane) scrollback() string {
	p.t.Helper()
	return p.s.must("capture-pane", "-p", "-S", "-", "-t", p.target)
}

// typeText types text literally, without pressing Enter.
func (p *pane) typeText(text string) {
	p.t.Helper()
	p.s.must("send-keys", "-t", p.target, "-l", text)
}

// keys presses keys by tmux name: Enter, Escape, C-c, a…
func (p *pane) keys(keys ...string) {
	p.t.Helper()
	p.s.must(append([]string{"send-keys", "-t", p.target}, keys...)...)
}

// submit types a prompt and presses Enter.
func (p *pane) submit(prompt string) {
	p.t.Helper()
	p.typeText(prompt)
	p.keys("Enter")
}

// resize makes the window width × height cells.
func (p *pane) resize(width, height int) {
	p.t.Helper()
	p.s.must("resize-window", "-t", p.target, "-x", strconv.Itoa(width), "-y", strconv.Itoa(height))
}

// waitUntil polls the screen until ok accepts it and returns that
// screen; after waitTimeout it fails the test, showing the last screen.
func (p *pane) waitUntil(what string, ok func(screen string) bool) string {
	p.t.Helper()
	return p.poll(what, p.screen, ok)
}

func (p *pane) poll(what string, capture func() string, ok func(string) bool) string {
	p.t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for {
		scr := capture()
		if ok(scr) {
			return scr
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("waited %s for %s; the screen shows:\n%s", waitTimeout, what, scr)
		}
		time.Sleep(pollInterval)
	}
}

// waitFor waits until the screen shows every one of texts.
func (p *pane) waitFor(texts ...string) string {
	p.t.Helper()
	return p.waitUntil(fmt.Sprintf("%q", texts), func(scr string) bool {
		return containsAll(scr, texts...)
	})
}

// waitGone waits until the screen no longer shows text.
func (p *pane) waitGone(text string) string {
	p.t.Helper()
	return p.waitUntil(fmt.Sprintf("%q to disappear", text), func(scr string) bool {
		return !strings.Contains(scr, text)
	})
}

// waitExit waits for the program to end and returns its exit status.
func (p *pane) waitExit() int {
	p.t.Helper()
	// tmux's "Pane is dead" line may scroll the marker off the top.
	scr := p.poll("hone to exit", p.scrollback, func(scr string) bool {
		return strings.Contains(scr, exitMarker)
	})
	rest := scr[strings.Index(scr, exitMarker)+len(exitMarker):]
	code, err := strconv.Atoi(rest[:strings.IndexByte(rest, ']')])
	if err != nil {
		p.t.Fatalf("read exit status: %v\n%s", err, scr)
	}
	return code
}

func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}
