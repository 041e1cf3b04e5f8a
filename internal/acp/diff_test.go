package acp

import "testing"

func TestDiffTexts(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]struct {
		diff, old, new string
		created        bool
	}{
		"edit": {diff: "--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n", old: "a\nb\nc\n", new: "a\nB\nc\n"},
		"two hunks": {diff: "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n-x\n+X\n k\n@@ -9,2 +9,2 @@\n k2\n-y\n+Y\n",
			old: "x\nk\n\nk2\ny\n", new: "X\nk\n\nk2\nY\n"},
		"created":                      {diff: "--- a/f\n+++ b/f\n@@ -0,0 +1,2 @@\n+one\n+two\n", old: "", new: "one\ntwo\n", created: true},
		"no newline marker":            {diff: "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n", old: "a\n", new: "b\n"},
		"header lines are not content": {diff: "--- a/-x\n+++ b/+x\n@@ -1 +1 @@\n-a\n+b\n", old: "a\n", new: "b\n"},
	} {
		o, n, created := diffTexts(c.diff)
		if o != c.old || n != c.new || created != c.created {
			t.Errorf("%s: got (%q, %q, %v), want (%q, %q, %v)", name, o, n, created, c.old, c.new, c.created)
		}
	}
}
