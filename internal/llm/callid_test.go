package llm

import (
	"regexp"
	"testing"
)

func TestCallIDsReplaceMissingAndRepeated(t *testing.T) {
	t.Parallel()
	var ids CallIDs
	a := ids.Use("call_1")
	b := ids.Use("call_1")
	c := ids.Use("")
	d := ids.Use(b) // a fresh id the provider happens to repeat
	if a != "call_1" {
		t.Errorf("a new id changed: %q", a)
	}
	seen := map[string]bool{}
	for _, id := range []string{a, b, c, d} {
		if id == "" || seen[id] {
			t.Fatalf("ids %q %q %q %q are not unique", a, b, c, d)
		}
		seen[id] = true
	}
	if !ids.Seen(c) || ids.Seen("other") {
		t.Error("Seen")
	}
	if valid := regexp.MustCompile(`^call_[0-9a-f]{24}$`); !valid.MatchString(NewCallID()) {
		t.Errorf("fresh id %q does not fit every provider's pattern", NewCallID())
	}
}
