package main

import (
	"strings"
	"testing"

	"github.com/honecode/hone/internal/testenv"
)

// TestLinksOnlyTheGeminiClient: hone starts hone-gemini on a Gemini run's
// critical path, so of Hone's own packages it links only the Gemini
// adapter, the protocol and the neutral llm types; an import that brings
// SQLite, the config or another SDK fails here.
func TestLinksOnlyTheGeminiClient(t *testing.T) {
	t.Parallel()
	allowed := map[string]bool{
		"github.com/honecode/hone/cmd/hone-gemini":     true,
		"github.com/honecode/hone/internal/llm":        true,
		"github.com/honecode/hone/internal/llm/remote": true,
		"github.com/honecode/hone/internal/llm/gemini": true,
	}
	for _, pkg := range testenv.Deps(t) {
		if strings.HasPrefix(pkg, "github.com/honecode/hone/") && !allowed[pkg] {
			t.Errorf("hone-gemini links %s", pkg)
		}
		for _, sdk := range []string{"github.com/openai/", "github.com/anthropics/", "modernc.org/sqlite"} {
			if strings.HasPrefix(pkg, sdk) {
				t.Errorf("hone-gemini links %s", pkg)
			}
		}
	}
}
