package config

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSaveSelectionCreatesAndMerges(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "hone", "hone.json")
	sel := Selection{Provider: "anthropic", Type: TypeAnthropic, APIKeyRef: "$ANTHROPIC_API_KEY", Large: "claude-sonnet-4-6", Small: "claude-haiku-4-5"}
	if err := SaveSelection(path, sel); err != nil {
		t.Fatal(err)
	}
	if err := SaveSelection(path, Selection{Provider: "ollama", BaseURL: "http://localhost:11434/v1", Large: "qwen3"}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	for _, want := range []string{`"api_key": "$ANTHROPIC_API_KEY"`, `"ollama": {`, `"base_url": "http://localhost:11434/v1"`, `"ollama/qwen3"`, `"anthropic/claude-haiku-4-5"`} {
		if !strings.Contains(got, want) {
			t.Errorf("saved config lacks %s:\n%s", want, got)
		}
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode = %v (%v), want 0600", fi.Mode().Perm(), err)
	}
	env := map[string]string{"ANTHROPIC_API_KEY": "k"}
	loaded, err := Load(context.Background(), LoadOptions{Cwd: t.TempDir(), ConfigFile: path, Getenv: func(k string) string { return env[k] }})
	if err != nil {
		t.Fatalf("saved config does not load: %v", err)
	}
	if got := loaded.Config.Models.Large[0].Model; got != "ollama/qwen3" {
		t.Errorf("large = %q, want ollama/qwen3", got)
	}
}

func TestSaveSelectionRefusesLiteralKeysAndComments(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "hone.json")
	for _, key := range []string{"sk-ant-123", "$", "${X", "$1X", "$A-B"} {
		err := SaveSelection(path, Selection{Provider: "anthropic", APIKeyRef: key})
		if !errors.Is(err, ErrLiteralKey) {
			t.Errorf("key %q: err = %v, want ErrLiteralKey", key, err)
		}
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a refused selection wrote %s", path)
	}
	commented := "{\n  // mine\n  \"providers\": {}\n}\n"
	if err := os.WriteFile(path, []byte(commented), 0o600); err != nil {
		t.Fatal(err)
	}
	err := SaveSelection(path, Selection{Provider: "anthropic", APIKeyRef: "${ANTHROPIC_API_KEY}"})
	if err == nil || !strings.Contains(err.Error(), "by hand") {
		t.Fatalf("err = %v, want a refusal asking to edit by hand", err)
	}
	if data, _ := os.ReadFile(path); string(data) != commented {
		t.Fatalf("file with comments was changed:\n%s", data)
	}
}
