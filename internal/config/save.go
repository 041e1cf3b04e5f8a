package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Selection is a provider and its role models chosen during onboarding.
type Selection struct {
	// Provider is the provider's name ("anthropic", "ollama").
	Provider string
	// Type is the provider type; "" keeps the catalog's.
	Type string
	// BaseURL is written for local servers; "" writes none.
	BaseURL string
	// APIKeyRef must be a "$VAR" or "${VAR}" reference (or "" for keyless
	// servers): SaveSelection never writes a key itself.
	APIKeyRef string
	// Large and Small are model ids of Provider ("" leaves the role as is).
	Large, Small string
}

// ErrLiteralKey is returned when a Selection carries something other than
// an environment reference as its key.
var ErrLiteralKey = errors.New("api key must be a $VAR reference")

// SaveSelection merges sel into the config file at path, creating it (and
// its directory) when missing: the provider entry gains type, base_url and
// api_key, and each named role becomes a one-candidate list. Other
// content is kept. A file with comments is refused (rewriting it would
// drop them); the error says what to add by hand. The file is replaced
// atomically with mode 0600.
func SaveSelection(path string, sel Selection) error {
	if sel.APIKeyRef != "" && !isEnvRef(sel.APIKeyRef) {
		return ErrLiteralKey
	}
	if sel.Provider == "" {
		return errors.New("save config: no provider selected")
	}
	doc, err := readDoc(path, fmt.Sprintf("add provider %q by hand", sel.Provider))
	if err != nil {
		return err
	}
	applySelection(doc, sel)
	return writeDoc(path, doc)
}

// readDoc reads the config file at path as a JSON object ({} when it does
// not exist). A file that is not plain JSON (comments) is refused with
// byHand, what to do instead.
func readDoc(path, byHand string) (map[string]any, error) {
	doc := map[string]any{}
	data, err := ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
	case err != nil:
		return nil, fmt.Errorf("save config: %w", err)
	case len(bytes.TrimSpace(data)) > 0:
		if err := json.Unmarshal(data, &doc); err != nil {
			return nil, fmt.Errorf("save config: %s is not plain JSON (comments?); %s: %w", path, byHand, err)
		}
	}
	return doc, nil
}

// writeDoc replaces the config file at path with doc, indented.
func writeDoc(path string, doc map[string]any) error {
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return fmt.Errorf("save config: %w", err)
	}
	return writeAtomic(path, append(out, '\n'))
}

func applySelection(doc map[string]any, sel Selection) {
	providers := childMap(doc, "providers")
	p := childMap(providers, sel.Provider)
	if sel.Type != "" {
		p["type"] = sel.Type
	}
	if sel.BaseURL != "" {
		p["base_url"] = sel.BaseURL
	}
	if sel.APIKeyRef != "" {
		p["api_key"] = sel.APIKeyRef
	}
	models := childMap(doc, "models")
	if sel.Large != "" {
		models["large"] = []any{sel.Provider + "/" + sel.Large}
	}
	if sel.Small != "" {
		models["small"] = []any{sel.Provider + "/" + sel.Small}
	}
}

// childMap returns m[key] as an object, replacing a missing or non-object
// value with a new one.
func childMap(m map[string]any, key string) map[string]any {
	if c, ok := m[key].(map[string]any); ok {
		return c
	}
	c := map[string]any{}
	m[key] = c
	return c
}

func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("save config: %w", err)
	}
	f, err := os.CreateTemp(dir, ".hone-*.json")
	if err != nil {
		return fmt.Errorf("save config: %w", err)
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("save config: %w", err)
	}
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return fmt.Errorf("save config: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("save config: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("save config: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("save config: %w", err)
	}
	return nil
}
