package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/permission"
)

// cfgEnv is a temp HOME and project (a git root) with a Getenv over them.
type cfgEnv struct {
	home, project string
	vars          map[string]string
}

func newCfgEnv(t *testing.T, pairs ...string) *cfgEnv {
	t.Helper()
	root := t.TempDir()
	e := &cfgEnv{home: filepath.Join(root, "home"), project: filepath.Join(root, "repo"), vars: map[string]string{}}
	if err := os.MkdirAll(filepath.Join(e.project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	e.vars["HOME"] = e.home
	for _, p := range pairs {
		k, v, _ := strings.Cut(p, "=")
		e.vars[k] = v
	}
	return e
}

func (e *cfgEnv) getenv(k string) string { return e.vars[k] }

func (e *cfgEnv) load() config.LoadOptions {
	return config.LoadOptions{Cwd: e.project, Getenv: e.getenv}
}

// trustAll trusts every project (a test double of trust.Store).
type trustAll struct{}

func (trustAll) Trusted(string, string, string) (bool, error) { return true, nil }

// trusted are the load options of a project the user trusts.
func (e *cfgEnv) trusted() config.LoadOptions {
	o := e.load()
	o.Trust = trustAll{}
	return o
}

func (e *cfgEnv) write(t *testing.T, rel, content string) string {
	t.Helper()
	p := filepath.Join(e.project, rel)
	if strings.HasPrefix(rel, "~/") {
		p = filepath.Join(e.home, rel[2:])
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// runHoneArgs runs the hone command line as Main does, with env as the
// environment, and returns stdout, stderr and the exit code.
func runHoneArgs(t *testing.T, env *cfgEnv, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	io := IO{In: strings.NewReader(""), Out: &out, Err: &errb}
	f := &Factory{IO: io, Getenv: env.getenv}
	root := newRootCmd(f)
	root.SetArgs(append([]string{"-c", env.project}, args...))
	root.SetIn(io.In)
	root.SetOut(io.Out)
	root.SetErr(io.Err)
	err := root.ExecuteContext(t.Context())
	return out.String(), errb.String(), exitCode(err)
}

func cfgIO() (IO, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return IO{In: strings.NewReader(""), Out: &out, Err: &errb}, &out, &errb
}

func TestConfigValidateTrailingCommaExitsTwo(t *testing.T) {
	t.Parallel()
	env := newCfgEnv(t)
	file := env.write(t, "broken.json", "{\n  \"permissions\": {\"mode\": \"plan\",},\n}\n")
	out, errOut, code := runHoneArgs(t, env, "config", "validate", file)
	if code != ExitUsage {
		t.Errorf("exit %d, want %d", code, ExitUsage)
	}
	if want := file + ":2:33: trailing comma\n"; out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	if errOut != "1 error, 0 warnings\n" {
		t.Errorf("stderr %q", errOut)
	}
}

func TestRunConfigValidateLayers(t *testing.T) {
	t.Parallel()
	env := newCfgEnv(t)
	global := env.write(t, "~/.config/hone/hone.json", `{"optons": {}}`)
	env.write(t, ".hone.json", `{"permissions": {"deny": ["bash(rm -rf*)"]}}`)
	io, out, errOut := cfgIO()
	if err := runConfigValidate(t.Context(), &ConfigValidateOptions{Load: env.load()}, io); err != nil {
		t.Fatalf("warnings alone must not fail: %v", err)
	}
	want := global + `:1:2: warning: unknown key "optons" (did you mean "options"?)` + "\n"
	if out.String() != want || errOut.String() != "ok: 2 files checked, 1 warning\n" {
		t.Errorf("stdout %q\nstderr %q", out, errOut)
	}

	env.write(t, ".hone.json", `{"models": {"large": ["nope/x"]}}`)
	io, out, _ = cfgIO()
	err := runConfigValidate(t.Context(), &ConfigValidateOptions{Load: env.load(), JSON: true}, io)
	if exitCode(err) != ExitUsage {
		t.Fatalf("err = %v", err)
	}
	var diags []config.Diagnostic
	if err := json.Unmarshal(out.Bytes(), &diags); err != nil || len(diags) != 2 {
		t.Fatalf("json %s: %v", out, err)
	}
	if d := diags[1]; d.Path != "models.large[0]" || d.Line != 1 || d.Col != 23 || d.Severity != config.SeverityError {
		t.Errorf("diagnostic = %+v", d)
	}
}

func TestRunConfigValidateNothingToCheck(t *testing.T) {
	t.Parallel()
	env := newCfgEnv(t)
	io, out, errOut := cfgIO()
	if err := runConfigValidate(t.Context(), &ConfigValidateOptions{Load: env.load()}, io); err != nil {
		t.Fatal(err)
	}
	if out.Len() != 0 || !strings.Contains(errOut.String(), "no config files found") {
		t.Errorf("stdout %q stderr %q", out, errOut)
	}
}

func TestRunConfigPath(t *testing.T) {
	t.Parallel()
	env := newCfgEnv(t)
	global := env.write(t, "~/.config/hone/hone.json", `{}`)
	project := filepath.Join(env.project, ".hone.json")
	io, out, _ := cfgIO()
	if err := runConfigPath(t.Context(), &ConfigPathOptions{Load: env.load()}, io); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || strings.Join(strings.Fields(lines[0]), " ") != "global "+global+" exists" ||
		strings.Join(strings.Fields(lines[1]), " ") != "project "+project+" missing" {
		t.Errorf("output:\n%s", out)
	}
	opts := &ConfigPathOptions{Load: env.load(), JSON: true}
	opts.Load.ConfigFile = filepath.Join(env.project, "extra.json")
	io, out, _ = cfgIO()
	if err := runConfigPath(t.Context(), opts, io); err != nil {
		t.Fatal(err)
	}
	var got configPathJSON
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Layers) != 3 || got.Layers[2].Kind != config.LayerExplicit || got.Layers[2].Exists || got.ProjectDir != env.project {
		t.Errorf("json = %+v", got)
	}
}

func TestRunConfigSchema(t *testing.T) {
	t.Parallel()
	io, out, _ := cfgIO()
	if err := runConfigSchema(t.Context(), &ConfigSchemaOptions{}, io); err != nil {
		t.Fatal(err)
	}
	want, err := config.Schema()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Error("hone config schema differs from config.Schema")
	}
}

func TestConfigCmdFlags(t *testing.T) {
	t.Parallel()
	f := &Factory{Getenv: func(string) string { return "" }}
	f.Global = GlobalOptions{Cwd: "/proj", ConfigFile: "/x.json"}
	var got *ConfigValidateOptions
	c := newConfigValidateCmd(f, func(_ context.Context, o *ConfigValidateOptions) error { got = o; return nil })
	c.SetArgs([]string{"--json", "file.json"})
	if err := c.ExecuteContext(t.Context()); err != nil {
		t.Fatal(err)
	}
	if !got.JSON || got.File != "file.json" || got.Load.Cwd != "/proj" || got.Load.ConfigFile != "/x.json" {
		t.Errorf("options = %+v", got)
	}
	var path *ConfigPathOptions
	p := newConfigPathCmd(f, func(_ context.Context, o *ConfigPathOptions) error { path = o; return nil })
	p.SetArgs([]string{"--json"})
	if err := p.ExecuteContext(t.Context()); err != nil || !path.JSON {
		t.Errorf("path options = %+v, %v", path, err)
	}
	c = newConfigValidateCmd(f, func(context.Context, *ConfigValidateOptions) error { return nil })
	c.SetArgs([]string{"a", "b"})
	c.SetOut(new(bytes.Buffer))
	c.SetErr(new(bytes.Buffer))
	if err := c.ExecuteContext(t.Context()); err == nil {
		t.Error("two files accepted")
	}
}

// TestConfigRuleCheckMatchesPermission keeps config validation and the
// permission service agreeing on which rules are valid.
func TestConfigRuleCheckMatchesPermission(t *testing.T) {
	t.Parallel()
	env := newCfgEnv(t)
	for _, rule := range []string{"edit", "bash(go test*)", "edit(src/**)", "mcp_fs_*", "fetch", " edit ", "read?",
		"", "bash(", "bash()", "(x)", "a b", "edit(x)y", "my.tool", "edit([)", "bash(echo (a))", "bash([)"} {
		src, _ := json.Marshal(map[string]any{"permissions": map[string]any{"deny": []string{rule}}})
		file := env.write(t, "rule.json", string(src))
		diags, err := config.ValidateFile(t.Context(), env.load(), file)
		if err != nil {
			t.Fatal(err)
		}
		_, perr := permission.ParseRule(rule)
		if configOK := len(diags) == 0; configOK != (perr == nil) {
			t.Errorf("rule %q: config diagnostics %v, permission error %v", rule, diags, perr)
		}
	}
}
