package tui

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// user is one isolated person using hone: a home directory (also the
// config home, so no user config leaks in), a data directory and a
// project directory, where hone runs.
type user struct {
	t       testing.TB
	dir     string
	home    string
	data    string
	project string
	n       int // files written, for unique names
}

func newUser(t testing.TB) *user {
	t.Helper()
	dir := t.TempDir()
	u := &user{
		t:       t,
		dir:     dir,
		home:    filepath.Join(dir, "home"),
		data:    filepath.Join(dir, "data"),
		project: filepath.Join(dir, "project"),
	}
	for _, d := range []string{filepath.Join(u.home, ".config"), u.project} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(u.checkNoRace) // runs after the tmux server is gone
	return u
}

// environ is the whole environment of the user's processes, tmux and
// hone alike: only PATH is inherited, so no API key or user setting
// changes a test. A race-enabled hone writes its reports next to the
// user's files, where checkNoRace looks.
func (u *user) environ() []string {
	return []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + u.home,
		"XDG_CONFIG_HOME=" + filepath.Join(u.home, ".config"),
		"XDG_DATA_HOME=" + filepath.Join(u.home, ".local", "share"),
		"XDG_STATE_HOME=" + filepath.Join(u.home, ".local", "state"),
		"XDG_CACHE_HOME=" + filepath.Join(u.home, ".cache"),
		"TMPDIR=" + os.TempDir(),
		"LANG=C.UTF-8",
		"GORACE=log_path=" + filepath.Join(u.dir, "race"),
	}
}

// honeArgs is the command line of hone with the given config file and
// more arguments.
func (u *user) honeArgs(config string, args ...string) []string {
	return append([]string{honeBin, "--data-dir", u.data, "--config", config}, args...)
}

// script is a fake model script (docs/fake-script.md).
type script struct {
	Turns    []any    `json:"turns"`
	Side     []string `json:"side,omitempty"`
	Fallback string   `json:"fallback,omitempty"`
}

// fakeConfig writes s and a config file whose only model is the fake
// answering with s, and returns the config's path.
func (u *user) fakeConfig(s script) string {
	u.t.Helper()
	return u.fakeConfigWith(s, nil)
}

// fakeConfigWith is fakeConfig with options (the config's "options").
func (u *user) fakeConfigWith(s script, options map[string]any) string {
	u.t.Helper()
	u.n++
	scriptPath := u.writeJSON(fmt.Sprintf("script-%d.json", u.n), s)
	cfg := map[string]any{
		"providers": map[string]any{"fake": map[string]any{
			"type": "fake", "script": scriptPath,
			"models": []any{map[string]any{"id": "scripted", "context_window": 200000}},
		}},
		"models": map[string]any{"large": []string{"fake/scripted"}, "small": []string{"fake/scripted"}},
	}
	if options != nil {
		cfg["options"] = options
	}
	return u.writeJSON(fmt.Sprintf("hone-%d.json", u.n), cfg)
}

func (u *user) writeJSON(name string, v any) string {
	u.t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		u.t.Fatal(err)
	}
	path := filepath.Join(u.dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		u.t.Fatal(err)
	}
	return path
}

// slow is a script turn streaming text in pieces of chunk characters,
// delayMS milliseconds apart.
func slow(text string, chunk, delayMS int) map[string]any {
	return map[string]any{"text": text, "chunk": chunk, "chunk_delay_ms": delayMS}
}

// callTool is a script turn that says text and calls tool name.
func callTool(text, name string, input map[string]any) map[string]any {
	return map[string]any{"items": []any{
		map[string]any{"text": text},
		map[string]any{"tool_call": map[string]any{"name": name, "input": input}},
	}}
}

// writeProjectFile writes a file in the project directory.
func (u *user) writeProjectFile(name, content string) {
	u.t.Helper()
	if err := os.WriteFile(filepath.Join(u.project, name), []byte(content), 0o644); err != nil {
		u.t.Fatal(err)
	}
}

// readProjectFile returns a project file's content and whether it exists.
func (u *user) readProjectFile(name string) (string, bool) {
	u.t.Helper()
	data, err := os.ReadFile(filepath.Join(u.project, name))
	if os.IsNotExist(err) {
		return "", false
	}
	if err != nil {
		u.t.Fatal(err)
	}
	return string(data), true
}

// cli runs a hone subcommand in the project and returns its stdout.
func (u *user) cli(config string, args ...string) []byte {
	u.t.Helper()
	argv := u.honeArgs(config, args...)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir, cmd.Env = u.project, u.environ()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		u.t.Fatalf("hone %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return out
}

// storedSession is what `hone sessions list --json` says of a session.
type storedSession struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

// sessions lists the project's sessions, newest first.
func (u *user) sessions(config string) []storedSession {
	u.t.Helper()
	var list []storedSession
	if err := json.Unmarshal(u.cli(config, "sessions", "list", "--json"), &list); err != nil {
		u.t.Fatalf("decode sessions list: %v", err)
	}
	return list
}

// waitTitles polls the stored sessions until they have exactly titles,
// newest first. Titles are written by a side request of their own, in
// parallel with the turn, so the screen may be idle before they are.
func (u *user) waitTitles(config string, titles ...string) {
	u.t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for {
		list := u.sessions(config)
		got := make([]string, len(list))
		for i, s := range list {
			got[i] = s.Title
		}
		if slices.Equal(got, titles) {
			return
		}
		if time.Now().After(deadline) {
			u.t.Fatalf("waited %s for sessions titled %q; they are %q", waitTimeout, titles, got)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// storedMessage is a message of `hone sessions show --json`.
type storedMessage struct {
	Role  string `json:"role"`
	Parts []struct {
		Type     string `json:"type"`
		Text     string `json:"text"`
		ToolName string `json:"tool_name"`
		IsError  bool   `json:"is_error"`
	} `json:"parts"`
}

// messages returns the stored conversation of session id.
func (u *user) messages(config, id string) []storedMessage {
	u.t.Helper()
	var export struct {
		Messages []storedMessage `json:"messages"`
	}
	if err := json.Unmarshal(u.cli(config, "sessions", "show", "--json", id), &export); err != nil {
		u.t.Fatalf("decode session %s: %v", id, err)
	}
	return export.Messages
}

// checkNoRace fails the test when a race-enabled hone reported a race.
func (u *user) checkNoRace() {
	u.t.Helper()
	reports, _ := filepath.Glob(filepath.Join(u.dir, "race.*"))
	for _, r := range reports {
		data, _ := os.ReadFile(r)
		u.t.Errorf("hone reported a data race:\n%s", data)
	}
}
