package lsp

import (
	"testing"

	"github.com/honecode/hone/internal/tools/schemagen"
)

// TestGeneratedSchemas: schema_gen.go holds what the language-server
// tools' parameter types derive (a changed tag needs -update).
func TestGeneratedSchemas(t *testing.T) {
	schemas := map[string]string{
		"diagnosticsParams": schemagen.Of[diagnosticsParams](),
		"referencesParams":  schemagen.Of[referencesParams](),
	}
	schemagen.Check(t, "lsp", schemas)
}
