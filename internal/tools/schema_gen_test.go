package tools

import (
	"testing"

	"github.com/honecode/hone/internal/tools/schemagen"
)

// TestGeneratedSchemas: schema_gen.go holds what the tool parameter types
// derive (a changed tag or a new tool needs -update).
func TestGeneratedSchemas(t *testing.T) {
	schemas := map[string]string{
		"agentParams":       schemagen.Of[agentParams](),
		"bashParams":        schemagen.Of[bashParams](),
		"downloadParams":    schemagen.Of[downloadParams](),
		"editParams":        schemagen.Of[editParams](),
		"fetchParams":       schemagen.Of[fetchParams](),
		"globParams":        schemagen.Of[globParams](),
		"grepParams":        schemagen.Of[grepParams](),
		"jobKillParams":     schemagen.Of[jobKillParams](),
		"jobOutputParams":   schemagen.Of[jobOutputParams](),
		"lsParams":          schemagen.Of[lsParams](),
		"multiEditParams":   schemagen.Of[multiEditParams](),
		"namedAgentParams":  schemagen.Of[namedAgentParams](),
		"skillParams":       schemagen.Of[skillParams](),
		"sourcegraphParams": schemagen.Of[sourcegraphParams](),
		"todosParams":       schemagen.Of[todosParams](),
		"viewParams":        schemagen.Of[viewParams](),
		"webSearchParams":   schemagen.Of[webSearchParams](),
		"writeParams":       schemagen.Of[writeParams](),
	}
	schemagen.Check(t, "tools", schemas)
}
