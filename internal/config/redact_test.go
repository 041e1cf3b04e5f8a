package config

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSecretsNeverMarshalOrDump(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	s.global(t, `{"providers": {
		"a": {"type": "anthropic", "api_key": "$A_KEY", "extra_headers": {"X-Key": "${A_KEY}"}},
		"b": {"type": "openai", "api_key": "sk-literal-secret"}},
	  "mcp": {"gh": {"command": "gh-mcp", "env": {"GITHUB_TOKEN": "$GH"}, "headers": {"Authorization": "$GH"}}},
	  "lsp": {"x": {"command": "x", "env": {"TOKEN": "$GH"}}}}`)
	l, err := Load(t.Context(), s.opts("A_KEY=sk-expanded-secret", "GH=ghp-secret"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(l.Config)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "sk-literal") || strings.Contains(string(out), `"api_key":"sk-`) {
		t.Errorf("marshaled config holds an api_key: %s", out)
	}
	dump, err := json.Marshal(l.Config.Redacted())
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"sk-", "ghp-"} {
		if strings.Contains(string(dump), secret) {
			t.Errorf("redacted dump holds %s…: %s", secret, dump)
		}
	}
	if l.Config.Providers["a"].APIKey != "sk-expanded-secret" {
		t.Error("Redacted changed the original")
	}
	ref := Provider{Type: "anthropic", APIKey: "$ANTHROPIC_API_KEY"}
	b, err := json.Marshal(ref)
	if err != nil || !strings.Contains(string(b), `"api_key":"$ANTHROPIC_API_KEY"`) {
		t.Errorf("an env reference must be written: %s, %v", b, err)
	}
}
