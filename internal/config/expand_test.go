package config

import (
	"slices"
	"testing"
)

func TestExpandEnv(t *testing.T) {
	t.Parallel()
	getenv := envOf("KEY=secret", "HOST=h", "EMPTY=")
	for _, tc := range []struct {
		in, want string
		missing  []string
	}{
		{"$KEY", "secret", nil},
		{"${KEY}", "secret", nil},
		{"Bearer ${KEY}!", "Bearer secret!", nil},
		{"http://$HOST:8080/v1", "http://h:8080/v1", nil},
		{"$KEY$HOST", "secreth", nil},
		{"$$KEY", "$KEY", nil},
		{"cost $5", "cost $5", nil},
		{"a$", "a$", nil},
		{"${unterminated", "${unterminated", nil},
		{"${}", "${}", nil},
		{"$MISSING-x", "-x", []string{"MISSING"}},
		{"${EMPTY}", "", []string{"EMPTY"}},
		{"plain", "plain", nil},
	} {
		got, missing := expandEnv(tc.in, getenv)
		if got != tc.want || !slices.Equal(missing, tc.missing) {
			t.Errorf("expandEnv(%q) = %q, %v; want %q, %v", tc.in, got, missing, tc.want, tc.missing)
		}
	}
}

func TestLoadExpandsDocumentedFields(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	s.global(t, `{
	  "providers": {"work": {"type": "anthropic", "api_key": "$K", "base_url": "${URL}/v1", "extra_headers": {"H": "x-$K"},
	                         "script": "$K", "provider_options": {"o": "$K"}}},
	  "mcp": {"fs": {"command": "$BIN", "args": ["--root", "${ROOT}"], "env": {"T": "$K"}},
	          "web": {"url": "$URL/mcp", "headers": {"Authorization": "Bearer $K"}}},
	  "lsp": {"go": {"command": "$BIN", "args": ["$ROOT"], "env": {"GOFLAGS": "$K"}}}
	}`)
	l, err := Load(t.Context(), s.opts("K=key", "URL=https://u", "BIN=/bin/x", "ROOT=/r"))
	if err != nil {
		t.Fatal(err)
	}
	c := l.Config
	p := c.Providers["work"]
	checks := map[string][2]string{
		"api_key":           {p.APIKey, "key"},
		"base_url":          {p.BaseURL, "https://u/v1"},
		"extra_headers":     {p.ExtraHeaders["H"], "x-key"},
		"script (verbatim)": {p.Script, "$K"},
		"provider_options":  {p.ProviderOptions["o"].(string), "$K"},
		"mcp command":       {c.MCP["fs"].Command, "/bin/x"},
		"mcp args":          {c.MCP["fs"].Args[1], "/r"},
		"mcp env":           {c.MCP["fs"].Env["T"], "key"},
		"mcp url":           {c.MCP["web"].URL, "https://u/mcp"},
		"mcp headers":       {c.MCP["web"].Headers["Authorization"], "Bearer key"},
		"lsp command":       {c.LSP["go"].Command, "/bin/x"},
		"lsp args":          {c.LSP["go"].Args[0], "/r"},
		"lsp env":           {c.LSP["go"].Env["GOFLAGS"], "key"},
	}
	for name, gw := range checks {
		if gw[0] != gw[1] {
			t.Errorf("%s = %q, want %q", name, gw[0], gw[1])
		}
	}
	if len(l.Warnings) != 0 {
		t.Errorf("warnings: %v", l.Warnings)
	}
}
