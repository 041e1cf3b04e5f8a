package app

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/honecode/hone/internal/config"
)

func TestSecretEnvEnvironmentFirstThenFile(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	env := map[string]string{"HOME": home, "OPENAI_API_KEY": "from-env"}
	e := newSecretEnv(func(k string) string { return env[k] })
	if err := config.SaveSecret(e.path, "ANTHROPIC_API_KEY", "from-file"); err != nil {
		t.Fatal(err)
	}
	if err := config.SaveSecret(e.path, "OPENAI_API_KEY", "shadowed"); err != nil {
		t.Fatal(err)
	}
	if got := e.get("ANTHROPIC_API_KEY"); got != "from-file" {
		t.Errorf("ANTHROPIC_API_KEY = %q, want the file's", got)
	}
	if got := e.get("OPENAI_API_KEY"); got != "from-env" {
		t.Errorf("OPENAI_API_KEY = %q, want the environment's", got)
	}
	if err := os.Chmod(e.path, 0o644); err != nil {
		t.Fatal(err)
	}
	e.reload()
	if got := e.get("ANTHROPIC_API_KEY"); got != "" {
		t.Errorf("a world-readable secrets file was used: %q", got)
	}
	if filepath.Base(e.path) != "secrets.json" {
		t.Errorf("secrets path = %s", e.path)
	}
}
