package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// SecretsFileName is the file next to the global config that holds keys
// pasted into the TUI's onboarding, by variable name.
const SecretsFileName = "secrets.json"

// ErrSecretsReadable is returned for a secrets file others may read.
var ErrSecretsReadable = errors.New("secrets file is readable by other users (run chmod 600 on it)")

// SecretsPath is the secrets file beside the global config ("" without a
// home directory).
func SecretsPath(getenv func(string) string) string {
	g := GlobalPath(getenv)
	if g == "" {
		return ""
	}
	return filepath.Join(filepath.Dir(g), SecretsFileName)
}

// ReadSecrets reads the secrets file: variable name → value. A missing
// file is empty; a file with permissions for group or others is refused
// (ErrSecretsReadable) so that a key never stays readable by accident.
func ReadSecrets(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read secrets: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("read secrets: %w", err)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("read secrets %s: %w", path, ErrSecretsReadable)
	}
	vals := map[string]string{}
	if err := json.NewDecoder(f).Decode(&vals); err != nil {
		return nil, fmt.Errorf("read secrets %s: not a JSON object of strings: %w", path, err)
	}
	return vals, nil
}

// SaveSecret sets the variable name to value in the secrets file,
// creating it with mode 0600 (replaced atomically, never readable by
// others on the way). The value never appears in an error.
func SaveSecret(path, name, value string) error {
	if !isEnvName(name) || value == "" {
		return fmt.Errorf("save secret: want a variable name and a value, got name %q", name)
	}
	vals, err := ReadSecrets(path)
	if err != nil {
		return err
	}
	vals[name] = value
	data, err := json.MarshalIndent(vals, "", "  ")
	if err != nil {
		return fmt.Errorf("save secret %s: %w", name, err)
	}
	return writeAtomic(path, append(data, '\n'))
}

// isEnvName reports whether s is a plain variable name.
func isEnvName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		ok := r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || i > 0 && r >= '0' && r <= '9'
		if !ok {
			return false
		}
	}
	return true
}
