package shell

import (
	"strings"
	"testing"
)

// TestTooManyBraceAlternativesStayUnknown: a brace expansion with more
// alternatives than are expanded, empty ones included (the printer of
// mvdan.cc/sh panicked on those once split), is one word that is not
// literal, so neither a command it names nor its arguments are trusted.
func TestTooManyBraceAlternativesStayUnknown(t *testing.T) {
	t.Parallel()
	w := project(t)
	many := "{" + strings.Repeat(",", maxBraceWords+1) + "}"
	for _, line := range []string{many, "cat " + many, "ls " + many + "x"} {
		if a := Analyze(line, w); a.ReadOnly() {
			t.Errorf("%.30s…: read-only, want unknown", line)
		}
	}
}
