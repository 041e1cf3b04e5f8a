package config

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func refs(l []ModelRef) []string {
	var out []string
	for _, r := range l {
		out = append(out, r.Model)
	}
	return out
}

func TestLoadProjectModelsReplaceGlobal(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	s.global(t, `{"models": {"large": ["anthropic/claude-sonnet-4-6", "openai/gpt-5"], "small": ["anthropic/claude-haiku-4-5"]}}`)
	writeFile(t, s.project, ".hone.json", `{"models": {"large": ["openai/gpt-5-mini"]}}`)
	l, err := Load(t.Context(), s.opts("ANTHROPIC_API_KEY=a", "OPENAI_API_KEY=o"))
	if err != nil {
		t.Fatal(err)
	}
	if got := refs(l.Config.Models.Large); !slices.Equal(got, []string{"openai/gpt-5-mini"}) {
		t.Errorf("large = %v, want the project's list only", got)
	}
	if got := refs(l.Config.Models.Small); !slices.Equal(got, []string{"anthropic/claude-haiku-4-5"}) {
		t.Errorf("small = %v, want the global list kept", got)
	}
}

func TestLoadMergesProvidersByKey(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	s.global(t, `{"providers": {
		"anthropic": {"base_url": "https://proxy", "extra_headers": {"A": "1", "B": "1"},
			"models": [{"id": "claude-sonnet-4-6", "context_window": 100000, "max_tokens": 1000}]},
		"local": {"type": "openai-compat", "base_url": "http://l"}},
	  "mcp": {"fs": {"command": "fs-server", "disabled": true}}}`)
	writeFile(t, s.project, ".hone.json", `{"providers": {
		"anthropic": {"extra_headers": {"B": "2"}, "models": [{"id": "claude-sonnet-4-6", "max_tokens": 2000}]}},
	  "mcp": {"fs": {"disabled": false}}}`)
	l, err := Load(t.Context(), s.trusted())
	if err != nil {
		t.Fatal(err)
	}
	a := l.Config.Providers["anthropic"]
	if a.BaseURL != "https://proxy" || a.ExtraHeaders["A"] != "1" || a.ExtraHeaders["B"] != "2" {
		t.Errorf("anthropic = %+v, want base URL kept and headers merged", a)
	}
	if len(a.Models) != 1 || a.Models[0].ContextWindow != 100000 || a.Models[0].MaxTokens != 2000 {
		t.Errorf("models = %+v, want entries merged by id", a.Models)
	}
	if _, ok := l.Config.Providers["local"]; !ok {
		t.Error("global-only provider lost")
	}
	if fs := l.Config.MCP["fs"]; fs.Disabled || fs.Command != "fs-server" {
		t.Errorf("mcp.fs = %+v, want an explicit false to override and the command kept", fs)
	}
}

func TestLoadProjectCanOnlyTightenPermissions(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	s.global(t, `{"permissions": {"mode": "accept-edits", "allow": ["edit"], "deny": ["bash(rm -rf*)"]}}`)
	project := writeFile(t, s.project, ".hone.json", `{"permissions": {"mode": "plan", "allow": ["bash"], "deny": ["fetch"]}}`)
	l, err := Load(t.Context(), s.opts())
	if err != nil {
		t.Fatal(err)
	}
	p := l.Config.Permissions
	if p.Mode != ModePlan || !slices.Equal(p.Allow, []string{"edit"}) || !slices.Equal(p.Deny, []string{"bash(rm -rf*)", "fetch"}) {
		t.Errorf("permissions = %+v", p)
	}
	want := []string{`P:1:44: warning: permissions.allow[0]: allow rule "bash" ignored: a project config can only tighten permissions (put allow rules in the global config)`}
	if got := strs(l.Warnings, project, "P"); !slices.Equal(got, want) {
		t.Errorf("warnings = %q", got)
	}
}

func TestLoadProjectCannotLoosenMode(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ global, project, want string }{
		{"", "yolo", ModeDefault},
		{"default", "accept-edits", ModeDefault},
		{"accept-edits", "default", ModeDefault},
		{"yolo", "accept-edits", ModeAcceptEdits},
		{"plan", "default", ModePlan},
	} {
		s := newSandbox(t)
		s.global(t, `{"permissions": {"mode": "`+tc.global+`"}}`)
		writeFile(t, s.project, ".hone.json", `{"permissions": {"mode": "`+tc.project+`"}}`)
		l, err := Load(t.Context(), s.opts())
		if err != nil {
			t.Fatal(err)
		}
		got := cmpMode(l.Config.Permissions.Mode)
		if got != tc.want {
			t.Errorf("global %q + project %q: mode %q, want %q", tc.global, tc.project, got, tc.want)
		}
		loosened := tc.want != tc.project
		if warned := len(l.Warnings) == 1 && strings.Contains(l.Warnings[0].Message, "looser"); warned != loosened {
			t.Errorf("global %q + project %q: warnings %v", tc.global, tc.project, l.Warnings)
		}
	}
}

func cmpMode(m string) string {
	if m == "" {
		return ModeDefault
	}
	return m
}

func TestLoadExplicitConfigAndFlagsCountLikeGlobal(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	writeFile(t, s.project, ".hone.json", `{"permissions": {"mode": "plan"}}`)
	explicit := writeFile(t, t.TempDir(), "x.json", `{"permissions": {"mode": "accept-edits", "allow": ["bash(go test*)"]}}`)
	o := s.opts("ANTHROPIC_API_KEY=k")
	o.ConfigFile = explicit
	l, err := Load(t.Context(), o)
	if err != nil {
		t.Fatal(err)
	}
	if p := l.Config.Permissions; p.Mode != ModeAcceptEdits || !slices.Equal(p.Allow, []string{"bash(go test*)"}) {
		t.Errorf("permissions = %+v, want the --config layer's", p)
	}
	o.Flags = Overrides{Model: "anthropic/claude-opus-4-5", SmallModel: "anthropic/claude-haiku-4-5", PermissionMode: ModeYolo}
	l, err = Load(t.Context(), o)
	if err != nil {
		t.Fatal(err)
	}
	if l.Config.Permissions.Mode != ModeYolo || !slices.Equal(refs(l.Config.Models.Large), []string{"anthropic/claude-opus-4-5"}) ||
		!slices.Equal(refs(l.Config.Models.Small), []string{"anthropic/claude-haiku-4-5"}) {
		t.Errorf("flags not applied: %+v", l.Config)
	}
	kinds := []LayerKind{}
	for _, layer := range l.Layers {
		kinds = append(kinds, layer.Kind)
	}
	if !slices.Equal(kinds, []LayerKind{LayerGlobal, LayerProject, LayerExplicit}) {
		t.Errorf("layers = %v", kinds)
	}
}

func TestLoadFlagErrors(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	o := s.opts()
	o.Flags = Overrides{Model: "nope/x", PermissionMode: "loose"}
	_, err := Load(t.Context(), o)
	var ve *ValidationError
	if !errors.As(err, &ve) || !errors.Is(err, ErrInvalid) {
		t.Fatalf("err = %v, want a *ValidationError", err)
	}
	want := []string{
		`command line: permissions.mode: unknown permission mode "loose" (want default, accept-edits, auto, plan or yolo)`,
		`command line: models.large[0]: provider "nope" is not configured`,
	}
	if got := strs(ve.Diagnostics, "", ""); !slices.Equal(got, want) {
		t.Errorf("diagnostics = %q", got)
	}
}

func TestLoadReportsErrorsOfEveryLayer(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	global := s.global(t, `{"options": {"max_steps": "many"}}`)
	project := writeFile(t, s.project, "hone.json", "{\n  \"permissions\": {\"mode\": \"yolo\",},\n}")
	_, err := Load(t.Context(), s.opts())
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("err = %v", err)
	}
	got := strs(ve.Diagnostics, "", "")
	want := []string{
		global + ":1:27: options.max_steps: expected integer, got string",
		project + ":2:33: trailing comma",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if !strings.HasPrefix(err.Error(), "invalid configuration (2 errors):\n") {
		t.Errorf("error text %q", err.Error())
	}
}

func TestLoadMissingExplicitFileIsAnError(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	o := s.opts()
	o.ConfigFile = filepath.Join(s.project, "missing.json")
	ds, err := Validate(t.Context(), o)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{o.ConfigFile + ": cannot read: no such file or directory"}
	if got := strs(ds, "", ""); !slices.Equal(got, want) {
		t.Errorf("got %q", got)
	}
}

func TestLoadWithNoFilesIsEmpty(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	l, err := Load(t.Context(), s.opts())
	if err != nil {
		t.Fatal(err)
	}
	if l.ProjectDir != s.project || len(l.Warnings) != 0 || len(l.Config.Providers) != 0 {
		t.Errorf("loaded = %+v", l)
	}
	for _, layer := range l.Layers {
		if layer.Exists {
			t.Errorf("layer %+v exists", layer)
		}
	}
}

func TestLoadCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := contextWithCancel(t)
	cancel()
	if _, err := Load(ctx, newSandbox(t).opts()); err == nil {
		t.Fatal("want the context error")
	}
}
