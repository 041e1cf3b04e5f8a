package config

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestSchemaFileIsCurrent fails when schema/hone.schema.json no longer
// matches the Go types: run `go generate ./internal/config` (task schema).
func TestSchemaFileIsCurrent(t *testing.T) {
	t.Parallel()
	want, err := Schema()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", "..", "schema", "hone.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("schema/hone.schema.json is stale: run `go generate ./internal/config` (task schema)")
	}
}

func TestSchemaDescribesConfig(t *testing.T) {
	t.Parallel()
	b, err := Schema()
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		ID         string                     `json:"$id"`
		Properties map[string]json.RawMessage `json:"properties"`
		Defs       map[string]struct {
			OneOf    []json.RawMessage `json:"oneOf"`
			Required []string          `json:"required"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"providers", "models", "permissions", "mcp", "lsp", "options"} {
		if _, ok := s.Properties[key]; !ok {
			t.Errorf("schema lacks %q", key)
		}
	}
	if s.ID != SchemaID || len(s.Defs["ModelRef"].OneOf) != 2 {
		t.Errorf("id %q, ModelRef %+v", s.ID, s.Defs["ModelRef"])
	}
	if req := s.Defs["ModelInfo"].Required; len(req) != 1 || req[0] != "id" {
		t.Errorf("ModelInfo required = %v", req)
	}
}

// TestExampleConfigsAreValid loads every example in configs/examples as a
// --config file: no errors, and no warnings besides unset variables.
func TestExampleConfigsAreValid(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "..", "configs", "examples", "*.jsonc"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, f := range files {
		s := newSandbox(t)
		ds, err := ValidateFile(t.Context(), s.opts("ANTHROPIC_API_KEY=a", "OPENAI_API_KEY=o", "OPENROUTER_API_KEY=r",
			"WORK_LLM_KEY=w", "DOCS_MCP_TOKEN=d"), f)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range ds {
			t.Errorf("%s", d)
		}
	}
}
