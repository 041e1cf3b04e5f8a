package lsp

import (
	"flag"
	"testing"

	"github.com/honecode/hone/internal/tools/schemagen"
)

var updateSchemas = flag.Bool("update", false, "rewrite schema_gen.go from the parameter types")

// TestGeneratedSchemas: schema_gen.go holds what the language-server
// tools' parameter types derive (a changed tag needs -update).
func TestGeneratedSchemas(t *testing.T) {
	schemas := map[string]string{
		"diagnosticsParams": schemagen.Of[diagnosticsParams](),
		"referencesParams":  schemagen.Of[referencesParams](),
	}
	schemagen.Check(t, "schema_gen.go", schemagen.Source("lsp", "generatedSchema", schemas), *updateSchemas)
}
