package trust

import (
	"os"
	"strings"
	"testing"
)

// TestDocsMirrorFields keeps the trust table of docs/config.md equal to
// Fields: same patterns, in the same order, with the same class and why.
func TestDocsMirrorFields(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../docs/config.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	start := strings.Index(doc, "<!-- trust-table")
	end := strings.Index(doc, "<!-- end trust-table -->")
	if start < 0 || end < start {
		t.Fatal("docs/config.md has no trust table between its markers")
	}
	classes := map[string]Class{
		"always": Safe, "never": Ignored, "if its provider is yours": UserProvider,
		"if inside the project": InProject, "when trusted": NeedsTrust,
	}
	var got []Field
	for _, ln := range strings.Split(doc[start:end], "\n") {
		cells := strings.Split(strings.Trim(ln, "| "), " | ")
		if len(cells) != 3 || !strings.HasPrefix(cells[0], "`") {
			continue
		}
		got = append(got, Field{Pattern: strings.Trim(cells[0], "`"), Class: classes[cells[1]], Why: cells[2]})
	}
	want := Fields()
	if len(got) != len(want) {
		t.Fatalf("docs list %d rows, Fields %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("row %d: docs %+v, Fields %+v", i, got[i], want[i])
		}
	}
}
