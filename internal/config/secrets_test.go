package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSecretsRoundTripIs0600(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "hone", SecretsFileName)
	if err := SaveSecret(path, "ANTHROPIC_API_KEY", "sk-test-123"); err != nil {
		t.Fatal(err)
	}
	if err := SaveSecret(path, "OPENAI_API_KEY", "sk-other"); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("secrets file mode = %v (%v), want 0600", fi.Mode(), err)
	}
	vals, err := ReadSecrets(path)
	if err != nil || vals["ANTHROPIC_API_KEY"] != "sk-test-123" || vals["OPENAI_API_KEY"] != "sk-other" {
		t.Fatalf("ReadSecrets = %v, %v", vals, err)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSecrets(path); !errors.Is(err, ErrSecretsReadable) {
		t.Errorf("a world-readable secrets file was read: %v", err)
	}
	err = SaveSecret(path, "BAD NAME", "sk-secret-value")
	if err == nil || strings.Contains(err.Error(), "sk-secret-value") {
		t.Errorf("SaveSecret with a bad name = %v (must fail without the value)", err)
	}
}
