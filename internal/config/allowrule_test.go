package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAddAllowRuleKeepsTheRestAndAddsOnce(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "hone", "hone.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	orig := `{"models": {"large": ["a/b"]}, "permissions": {"mode": "default", "allow": ["view"]}}`
	if err := os.WriteFile(path, []byte(orig), 0o600); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := AddAllowRule(path, "bash(go test*)"); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	if strings.Count(got, `"bash(go test*)"`) != 1 || !strings.Contains(got, `"view"`) ||
		!strings.Contains(got, `"a/b"`) || !strings.Contains(got, `"mode": "default"`) {
		t.Fatalf("config after AddAllowRule:\n%s", got)
	}
}

func TestAddAllowRuleRefusesCommentedFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "hone.json")
	if err := os.WriteFile(path, []byte("{\n// mine\n}"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := AddAllowRule(path, "fetch")
	if err == nil || !strings.Contains(err.Error(), `add "fetch" to permissions.allow by hand`) {
		t.Fatalf("AddAllowRule on a commented file = %v", err)
	}
}

func TestSaveThemeKeepsOtherOptions(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "hone.json")
	if err := os.WriteFile(path, []byte(`{"options": {"max_steps": 7, "tui": {"notify": "bell"}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := SaveTheme(path, "light"); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	for _, want := range []string{`"theme": "light"`, `"notify": "bell"`, `"max_steps": 7`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("config lacks %s:\n%s", want, data)
		}
	}
}
