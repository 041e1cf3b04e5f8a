package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

func TestDiagnosticString(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		d    Diagnostic
		want string
	}{
		{Diagnostic{File: "f", Line: 2, Col: 3, Message: "trailing comma", Severity: SeverityError}, "f:2:3: trailing comma"},
		{Diagnostic{File: "f", Line: 1, Col: 9, Path: "a.b", Message: "m", Severity: SeverityWarning}, "f:1:9: warning: a.b: m"},
		{Diagnostic{File: "f", Path: "a", Message: "m", Severity: SeverityError}, "f: a: m"},
	} {
		if got := tc.d.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.d, got, tc.want)
		}
	}
	e := &ValidationError{Diagnostics: []Diagnostic{
		{File: "f", Message: "w", Severity: SeverityWarning},
		{File: "f", Line: 1, Col: 1, Message: "bad", Severity: SeverityError},
	}}
	if e.Error() != "invalid configuration: f:1:1: bad" || !errors.Is(e, ErrInvalid) {
		t.Errorf("error = %q", e.Error())
	}
}

func TestPosition(t *testing.T) {
	t.Parallel()
	src := []byte("ab\ncd\n")
	for off, want := range map[int][2]int{0: {1, 1}, 2: {1, 3}, 3: {2, 1}, 5: {2, 3}, 6: {3, 1}, 99: {3, 1}, -1: {1, 1}} {
		if l, c := position(src, off); l != want[0] || c != want[1] {
			t.Errorf("position(%d) = %d:%d, want %d:%d", off, l, c, want[0], want[1])
		}
	}
}

func TestStripCommentsKeepsOffsets(t *testing.T) {
	t.Parallel()
	src := []byte("{\"a\": \"//not\", // c\n /* x\ny */ \"b\": \"/*no*/\"}")
	out, bad := stripComments(src)
	want := "{\"a\": \"//not\",     \n     \n     \"b\": \"/*no*/\"}"
	if bad != -1 || string(out) != want || len(out) != len(src) {
		t.Errorf("got %q (%d)", out, bad)
	}
}

func TestSuggest(t *testing.T) {
	t.Parallel()
	keys := []string{"providers", "models", "permissions", "mcp", "lsp", "options"}
	for word, want := range map[string]string{"provider": "providers", "mdoels": "models", "lps": "lsp", "zzz": "", "option": "options", "perms": ""} {
		if got := suggest(word, keys); got != want {
			t.Errorf("suggest(%q) = %q, want %q", word, got, want)
		}
	}
}

// FuzzParseLayer feeds arbitrary bytes through the file pipeline: it must
// never panic, positions stay inside the file, and a file the standard
// library accepts as a JSON object never gets a syntax error.
func FuzzParseLayer(f *testing.F) {
	for _, seed := range []string{`{}`, `{"a":1,}`, `{"providers":{"x":{"models":[{"id":1}]}}}`,
		"// c\n{\"models\":{\"large\":[\"a/b\",{\"model\":3}]}}", `[`, `{"mcp":{"a":{"env":{"x":"$Y"}}}}`, "/*", `"\u00e9"`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		d := parseLayer(Layer{Path: "f"}, src)
		lines := bytes.Count(src, []byte("\n")) + 1
		for _, diag := range d.diags {
			if diag.Line > lines || diag.Line < 0 || diag.Col < 0 {
				t.Fatalf("%s out of bounds", diag)
			}
			if diag.IsError() && diag.Path == "" && isJSONObject(src) {
				t.Fatalf("valid JSON object reported as %s", diag)
			}
		}
	})
}

func isJSONObject(src []byte) bool {
	var v map[string]any
	return json.Unmarshal(src, &v) == nil && v != nil
}

func TestLevenshtein(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"abc", "", 3}, {"kitten", "sitting", 3}, {"lps", "lsp", 1}, {"mdoels", "models", 1}, {"base_url", "bse_url", 1}} {
		if got := levenshtein(tc.a, tc.b); got != tc.want {
			t.Errorf("levenshtein(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
