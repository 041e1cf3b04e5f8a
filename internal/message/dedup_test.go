package message

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

// display mirrors tools.Display's JSON (message may not import tools).
type display struct {
	Kind    string `json:"kind"`
	Title   string `json:"title,omitempty"`
	Body    string `json:"body,omitempty"`
	Command string `json:"command,omitempty"`
}

func resultWith(text, body string) llm.Part {
	p := llm.ToolResult("c1", "bash", text, false)
	p.Meta, _ = json.Marshal(display{Kind: "command", Title: "t", Body: body, Command: "go test"})
	return p
}

// Every shape of display body round-trips through the store byte for
// byte, and a body found in the text is not stored a second time.
func TestToolResultBodyStoredOnce(t *testing.T) {
	t.Parallel()
	out := strings.Repeat("ok  \tpkg <html> & \"quoted\" é ✓\n", 20)
	cases := map[string]struct {
		part   llm.Part
		shared bool
	}{
		"same":       {resultWith(out, out), true},
		"prefix":     {resultWith(out+"\n\nexit 2", out), true},
		"suffix":     {resultWith("Found 3 matches\n"+out, out), true},
		"elsewhere":  {resultWith("x", out), false},
		"short":      {resultWith("short", "short"), false},
		"no body":    {resultWith(out, ""), false},
		"bad utf8":   {resultWith(out+"\xff", out), false},
		"no meta":    {llm.ToolResult("c1", "bash", out, false), false},
		"not result": {llm.Part{Type: llm.PartText, Text: out, Meta: resultWith(out, out).Meta}, false},
	}
	s, sqldb := newTestService(t, 0)
	ctx := t.Context()
	for name, c := range cases {
		m, err := s.Create(ctx, Message{SessionID: "s1", Role: llm.RoleTool, Parts: []llm.Part{c.part, llm.Text("after")}})
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Get(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		want, have := stored(m.Parts), stored(got.Parts)
		if !bytes.Equal(want, have) {
			t.Errorf("%s: read back\n%s\nwant\n%s", name, have, want)
		}
		var raw string
		if err := sqldb.QueryRowContext(ctx, `SELECT parts FROM messages WHERE id = ?`, m.ID).Scan(&raw); err != nil {
			t.Fatal(err)
		}
		if shared := strings.Contains(raw, refKey); shared != c.shared {
			t.Errorf("%s: body shared %v, want %v: %s", name, shared, c.shared, raw)
		}
	}
}

// stored is parts as JSON after one round trip (invalid UTF-8 is
// replaced by encoding/json, with or without sharing).
func stored(parts []llm.Part) []byte {
	b, _ := json.Marshal(parts)
	var back []llm.Part
	_ = json.Unmarshal(b, &back)
	b, _ = json.Marshal(back)
	return b
}

// A stored reference that does not fit the text (a damaged row) is left
// as it is rather than failing the read.
func TestRestoreBodyIgnoresBadReference(t *testing.T) {
	t.Parallel()
	for _, meta := range []string{`{"kind":"command","body@text":[5,900]}`, `{"body@text":[3,1]}`, `{"body@text":"x"}`, `{"body@text":[1,`} {
		p := llm.Part{Type: llm.PartToolResult, Text: "hello", Meta: json.RawMessage(meta)}
		parts := []llm.Part{p}
		restoreBodies(parts)
		if string(parts[0].Meta) != meta {
			t.Errorf("%s became %s", meta, parts[0].Meta)
		}
	}
}
