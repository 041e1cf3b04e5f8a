package config

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestGlobalPath(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		env  []string
		want string
	}{
		{[]string{"XDG_CONFIG_HOME=/x", "HOME=/h"}, "/x/hone/hone.json"},
		{[]string{"XDG_CONFIG_HOME=relative", "HOME=/h"}, "/h/.config/hone/hone.json"},
		{[]string{"HOME=/h"}, "/h/.config/hone/hone.json"},
	} {
		if got := GlobalPath(envOf(tc.env...)); got != tc.want {
			t.Errorf("%v: %s, want %s", tc.env, got, tc.want)
		}
	}
}

func TestLocateNearestProjectFileUpToGitRoot(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	deep := filepath.Join(s.project, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Dir(s.project), ".hone.json", `{}`) // above the git root: never used
	writeFile(t, s.project, ".hone.json", `{}`)
	near := writeFile(t, s.project, "a/b/hone.json", `{}`)
	loc := locate(t, s, deep)
	if p := loc.Layers[1]; p.Path != near || !p.Exists || p.Kind != LayerProject {
		t.Errorf("project layer = %+v, want %s", p, near)
	}
	if loc.ProjectDir != s.project {
		t.Errorf("project dir = %s, want the git root", loc.ProjectDir)
	}
	if err := os.Remove(near); err != nil {
		t.Fatal(err)
	}
	if p := locate(t, s, deep).Layers[1]; p.Path != filepath.Join(s.project, ".hone.json") {
		t.Errorf("project layer = %+v, want the root's", p)
	}
}

func TestLocateWithoutGitUsesOnlyWorkingDir(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	s := sandbox{home: filepath.Join(root, "home"), project: filepath.Join(root, "plain")}
	sub := filepath.Join(s.project, "sub")
	writeFile(t, s.project, ".hone.json", `{}`)
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	loc := locate(t, s, sub)
	if p := loc.Layers[1]; p.Exists || p.Path != filepath.Join(sub, ".hone.json") {
		t.Errorf("project layer = %+v, want a missing one in the working dir", p)
	}
	if loc.ProjectDir != sub {
		t.Errorf("project dir = %s", loc.ProjectDir)
	}
}

func TestLocatePrefersHiddenFileAndWarns(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	hidden := writeFile(t, s.project, ".hone.json", `{}`)
	visible := writeFile(t, s.project, "hone.json", `{"options": {"max_steps": "x"}}`)
	l, err := Load(t.Context(), s.opts())
	if err != nil {
		t.Fatalf("the shadowed file must not be read: %v", err)
	}
	want := []string{hidden + ": warning: " + visible + " is ignored because .hone.json is in the same directory"}
	if got := strs(l.Warnings, "", ""); !slices.Equal(got, want) {
		t.Errorf("warnings = %q", got)
	}
}

func TestLocateNeverTakesGlobalFileAsProject(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	global := s.global(t, `{}`)
	loc := locate(t, s, filepath.Dir(global))
	if loc.Layers[1].Exists {
		t.Errorf("project layer = %+v", loc.Layers[1])
	}
}

func locate(t *testing.T, s sandbox, cwd string) *Locations {
	t.Helper()
	o := s.opts()
	o.Cwd = cwd
	loc, err := Locate(o)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}
