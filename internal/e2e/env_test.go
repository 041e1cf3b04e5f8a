package e2e

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// env is one isolated user of hone: a home directory (also the config
// home, kept empty so no user config leaks in), a data directory and a
// project directory. Runs happen in the project directory.
type env struct {
	t       testing.TB
	dir     string
	home    string
	data    string
	project string
	// config is the --config file of later runs ("" for none).
	config string
	// extra are more environment variables, KEY=VALUE.
	extra []string
	// bin is the hone executable runs start ("": honeBin).
	bin string
	n   int // config files written
	// rusage is the helper that starts hone in benchmarks that report
	// peak RSS (measureRSS), "" to start it directly; reports counts
	// its report files.
	rusage  string
	reports int
}

func newEnv(t testing.TB) *env {
	t.Helper()
	dir := t.TempDir()
	e := &env{
		t:       t,
		dir:     dir,
		home:    filepath.Join(dir, "home"),
		data:    filepath.Join(dir, "data"),
		project: filepath.Join(dir, "project"),
	}
	for _, d := range []string{filepath.Join(e.home, ".config"), e.project} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

// environ is the whole environment of a hone process: nothing is
// inherited but PATH, so no API key or user setting changes a test.
func (e *env) environ() []string {
	return append([]string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + e.home,
		"XDG_CONFIG_HOME=" + filepath.Join(e.home, ".config"),
		"XDG_DATA_HOME=" + filepath.Join(e.home, ".local", "share"),
		"XDG_STATE_HOME=" + filepath.Join(e.home, ".local", "state"),
		"XDG_CACHE_HOME=" + filepath.Join(e.home, ".cache"),
		"TMPDIR=" + os.TempDir(),
		"LANG=C.UTF-8",
	}, e.extra...)
}

// args puts the data directory and config file before the command's
// own arguments.
func (e *env) args(args []string) []string {
	out := []string{"--data-dir", e.data}
	if e.config != "" {
		out = append(out, "--config", e.config)
	}
	return append(out, args...)
}

// writeFile writes a file under the env's directory and returns its path.
func (e *env) writeFile(name string, data []byte) string {
	e.t.Helper()
	path := filepath.Join(e.dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		e.t.Fatal(err)
	}
	return path
}

// writeJSON writes v as JSON under the env's directory.
func (e *env) writeJSON(name string, v any) string {
	e.t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		e.t.Fatal(err)
	}
	return e.writeFile(name, data)
}

// useConfig makes cfg the --config file of later runs.
func (e *env) useConfig(cfg map[string]any) {
	e.n++
	e.config = e.writeJSON(fmt.Sprintf("hone-%d.json", e.n), cfg)
}

// addConfig merges the top-level keys of extra into the current --config
// file (set by useConfig, useFake or useServer).
func (e *env) addConfig(extra map[string]any) {
	e.t.Helper()
	data, err := os.ReadFile(e.config)
	if err != nil {
		e.t.Fatal(err)
	}
	cfg := map[string]any{}
	if err := json.Unmarshal(data, &cfg); err != nil {
		e.t.Fatal(err)
	}
	maps.Copy(cfg, extra)
	e.useConfig(cfg)
}

// useFake configures the scripted fake model (docs/fake-script.md) as
// the only provider, answering with s.
func (e *env) useFake(s script) {
	e.n++
	path := e.writeJSON(fmt.Sprintf("script-%d.json", e.n), s)
	e.useConfig(map[string]any{
		"providers": map[string]any{"fake": map[string]any{
			"type": "fake", "script": path,
			"models": []any{map[string]any{"id": "scripted", "context_window": 200000}},
		}},
		"models": map[string]any{"large": []string{"fake/scripted"}, "small": []string{"fake/scripted"}},
	})
}

// useServer configures an OpenAI-compatible provider at baseURL (a
// chatServer) as the only provider.
func (e *env) useServer(baseURL string) {
	e.useConfig(serverConfig(baseURL))
}

func serverConfig(baseURL string) map[string]any {
	return map[string]any{
		"providers": map[string]any{"local": map[string]any{
			"type": "openai-compat", "base_url": baseURL + "/v1", "api_key": "test-key",
			"models": []any{map[string]any{"id": "m", "context_window": 200000, "max_tokens": 4096}},
		}},
		"models": map[string]any{"large": []string{"local/m"}, "small": []string{"local/m"}},
	}
}

// projectFile is the path of name in the project directory.
func (e *env) projectFile(name string) string { return filepath.Join(e.project, name) }

// writeProjectFile writes a file in the project directory.
func (e *env) writeProjectFile(name, content string) {
	e.t.Helper()
	if err := os.WriteFile(e.projectFile(name), []byte(content), 0o644); err != nil {
		e.t.Fatal(err)
	}
}

// readProjectFile returns the content of a project file, "" if missing.
func (e *env) readProjectFile(name string) string {
	data, err := os.ReadFile(e.projectFile(name))
	if err != nil && !os.IsNotExist(err) {
		e.t.Fatal(err)
	}
	return string(data)
}

// script is a fake model script (docs/fake-script.md).
type script struct {
	Turns    []any    `json:"turns"`
	Side     []string `json:"side,omitempty"`
	Fallback string   `json:"fallback,omitempty"`
}

// toolCall is a script item calling tool name with input.
func toolCall(id, name string, input map[string]any) map[string]any {
	return map[string]any{"tool_call": map[string]any{"id": id, "name": name, "input": input}}
}

// turn is a script turn streaming items in order.
func turn(items ...any) map[string]any { return map[string]any{"items": items} }

// text is a script item of assistant text.
func text(s string) map[string]any { return map[string]any{"text": s} }

// slowText is a script turn that streams s in chunks of n characters
// with delay milliseconds before each.
func slowText(s string, n, delayMS int) map[string]any {
	return map[string]any{"text": s, "chunk": n, "chunk_delay_ms": delayMS}
}

// mustContain fails t unless s contains every one of subs.
func mustContain(t testing.TB, what, s string, subs ...string) {
	t.Helper()
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			t.Errorf("%s does not contain %q:\n%s", what, sub, s)
		}
	}
}

// fileExists reports whether path exists.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
