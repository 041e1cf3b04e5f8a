package config

import (
	"slices"
	"strings"
	"testing"
)

type validateCase struct {
	name string
	src  string
	env  []string
	want []string
}

// TestValidateFileMessages pins the exact message of every class of
// config problem. F stands for the file's path.
func TestValidateFileMessages(t *testing.T) {
	t.Parallel()
	for _, tc := range slices.Concat(syntaxCases, typeCases, semanticCases) {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := newSandbox(t)
			file := writeFile(t, s.project, "check.json", tc.src)
			ds, err := ValidateFile(t.Context(), s.opts(tc.env...), file)
			if err != nil {
				t.Fatal(err)
			}
			if got := strs(ds, file, "F"); !slices.Equal(got, tc.want) {
				t.Errorf("got:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(tc.want, "\n  "))
			}
		})
	}
}

var syntaxCases = []validateCase{
	{name: "trailing comma in object", src: "{\n  \"models\": {\"large\": [\"anthropic/claude-sonnet-4-6\"],}\n}",
		want: []string{"F:2:54: trailing comma"}},
	{name: "trailing comma in array", src: `{"options": {"context_paths": ["a", "b", ]}}`,
		want: []string{"F:1:40: trailing comma"}},
	{name: "trailing comma before newline", src: "{\n  \"options\": {},\n}\n",
		want: []string{"F:2:16: trailing comma"}},
	{name: "missing comma", src: `{"options": {"max_steps": 5 "disable_titles": true}}`,
		want: []string{`F:1:29: invalid character '"' after object key:value pair`}},
	{name: "unexpected end", src: `{"options": {`,
		want: []string{"F:1:14: unexpected end of file"}},
	{name: "single quotes", src: "{\n'options': {}}",
		want: []string{`F:2:1: invalid character '\'' looking for beginning of object key string`}},
	{name: "unterminated comment", src: "{\n  /* note\n}",
		want: []string{"F:2:3: unterminated comment"}},
	{name: "comments and empty file are fine", src: "// global\n{ /* a */ \"options\": {\"max_steps\": 5} // b\n}\n"},
	{name: "empty file", src: "  \n"},
}

var typeCases = []validateCase{
	{name: "integer expected", src: `{
  "providers": {
    "work": {
      "type": "anthropic",
      "models": [{"id": "claude-sonnet-4-6", "context_window": "200k"}]
    }
  }
}`, want: []string{"F:5:64: providers.work.models[0].context_window: expected integer, got string"}},
	{name: "integer got fraction", src: `{"options": {"max_steps": 2.5}}`,
		want: []string{"F:1:27: options.max_steps: expected integer, got number"}},
	{name: "boolean expected", src: `{"options": {"disable_titles": "yes"}}`,
		want: []string{"F:1:32: options.disable_titles: expected boolean, got string"}},
	{name: "array expected", src: `{"permissions": {"allow": "edit"}}`,
		want: []string{"F:1:27: permissions.allow: expected array, got string"}},
	{name: "object expected", src: `{"providers": []}`,
		want: []string{"F:1:15: providers: expected object, got array"}},
	{name: "string expected in map", src: `{"mcp": {"fs": {"command": "x", "env": {"A": 1}}}}`,
		want: []string{"F:1:46: mcp.fs.env.A: expected string, got number"}},
	{name: "model reference type", src: `{"models": {"small": [true]}}`,
		want: []string{"F:1:23: models.small[0]: expected string or object, got boolean"}},
	{name: "top level", src: `[1]`,
		want: []string{"F:1:1: expected object, got array"}},
	{name: "quoted path for odd keys", src: `{"mcp": {"my server": {"timeout": "1"}}}`,
		want: []string{`F:1:35: mcp["my server"].timeout: expected integer, got string`}},
	{name: "unknown key with suggestion", src: `{"providers": {"anthropic": {"bse_url": "https://x"}}}`,
		want: []string{`F:1:30: warning: providers.anthropic: unknown key "bse_url" (did you mean "base_url"?)`}},
	{name: "unknown top-level key", src: `{"provders": {}, "zzz": 1}`,
		want: []string{
			`F:1:2: warning: unknown key "provders" (did you mean "providers"?)`,
			`F:1:18: warning: unknown key "zzz"`,
		}},
	{name: "duplicate key", src: `{"options": {"max_steps": 1, "max_steps": 2}}`,
		want: []string{`F:1:30: warning: options: duplicate key "max_steps"; the last one wins`}},
}

var semanticCases = []validateCase{
	{name: "unknown provider type", src: `{"providers": {"work": {"type": "antropic", "api_key": "k"}}}`,
		want: []string{`F:1:33: providers.work.type: unknown provider type "antropic" (want openai, openai-compat, anthropic, gemini or fake); did you mean "anthropic"?`}},
	{name: "provider outside catalog without type", src: `{"providers": {"work": {"api_key": "k"}}}`,
		want: []string{`F:1:24: providers.work: missing "type" (want openai, openai-compat, anthropic, gemini or fake); it is required for a provider that is not in the catalog`}},
	{name: "provider name with slash", src: `{"providers": {"a/b": {"type": "openai"}}}`,
		want: []string{`F:1:23: providers["a/b"]: provider name "a/b" must be non-empty and must not contain "/"`}},
	{name: "model entry without id", src: `{"providers": {"anthropic": {"models": [{"name": "x"}]}}}`,
		want: []string{`F:1:41: providers.anthropic.models[0].id: missing model id`}},
	{name: "reference to missing provider", src: `{"models": {"large": ["anthropic/claude-sonnet-4-6", "nope/model"]}}`,
		env:  []string{"ANTHROPIC_API_KEY=k"},
		want: []string{`F:1:54: models.large[1]: provider "nope" is not configured`}},
	{name: "reference to catalog provider without key", src: `{"models": {"large": ["anthropic/claude-sonnet-4-6", "openrouter/x"]}}`,
		env:  []string{"ANTHROPIC_API_KEY=k"},
		want: []string{`F:1:54: models.large[1]: provider "openrouter" is not configured (set OPENROUTER_API_KEY or add providers.openrouter)`}},
	{name: "catalog provider with key counts as configured", src: `{"models": {"large": ["openrouter/x"], "small": ["ollama/llama3.2"]}}`,
		env: []string{"OPENROUTER_API_KEY=k"}},
	{name: "provider configured in the file", src: `{"providers": {"work": {"type": "openai-compat", "base_url": "http://x"}}, "models": {"large": ["work/m"]}}`},
	{name: "reference without provider", src: `{"models": {"large": ["gpt-5", "mystery"]}}`,
		want: []string{
			`F:1:23: models.large[0]: model reference "gpt-5" must have the form "provider/model" (did you mean "openai/gpt-5"?)`,
			`F:1:32: models.large[1]: model reference "mystery" must have the form "provider/model"`,
		}},
	{name: "bad reasoning effort", src: `{"models": {"large": [{"model": "ollama/llama3.2", "reasoning_effort": "max"}]}}`,
		want: []string{`F:1:72: models.large[0].reasoning_effort: unknown reasoning effort "max" (want low, medium or high)`}},
	{name: "bad sampling options", src: `{"models": {"large": [{"model": "ollama/llama3.2", "temperature": 3, "top_p": 0}]}}`,
		want: []string{
			`F:1:67: models.large[0].temperature: temperature 3 is out of range (0 to 2)`,
			`F:1:79: models.large[0].top_p: top_p 0 is out of range (above 0, up to 1)`,
		}},
	{name: "routing typo", src: `{"models": {"routing": "escalte"}}`,
		want: []string{`F:1:24: models.routing: unknown routing "escalte" (want large or escalate); did you mean "escalate"?`}},
	{name: "bad permission mode", src: `{"permissions": {"mode": "yes"}}`,
		want: []string{`F:1:26: permissions.mode: unknown permission mode "yes" (want default, accept-edits, auto, plan or yolo)`}},
	{name: "permission mode typo", src: `{"permissions": {"mode": "acept-edits"}}`,
		want: []string{`F:1:26: permissions.mode: unknown permission mode "acept-edits" (want default, accept-edits, auto, plan or yolo); did you mean "accept-edits"?`}},
	{name: "bad permission rules", src: `{"permissions": {"allow": ["bash(go test*", "edit()", "my tool"], "deny": ["", "(x)", "edit([)"]}}`,
		want: []string{
			`F:1:28: permissions.allow[0]: invalid permission rule "bash(go test*": missing ")" at the end`,
			`F:1:45: permissions.allow[1]: invalid permission rule "edit()": empty pattern in parentheses`,
			`F:1:55: permissions.allow[2]: invalid permission rule "my tool": invalid character ' ' in tool name`,
			`F:1:76: permissions.deny[0]: invalid permission rule "": empty rule`,
			`F:1:80: permissions.deny[1]: invalid permission rule "(x)": missing tool name before "("`,
			`F:1:87: permissions.deny[2]: invalid permission rule "edit([)": invalid path pattern`,
		}},
	{name: "unset environment variable", src: `{"providers": {"openrouter": {"api_key": "${MY_ROUTER_KEY}", "extra_headers": {"X-Org": "$ORG"}}}}`,
		want: []string{
			`F:1:42: warning: providers.openrouter.api_key: environment variable MY_ROUTER_KEY is not set`,
			`F:1:89: warning: providers.openrouter.extra_headers.X-Org: environment variable ORG is not set`,
		}},
	{name: "servers that cannot start", src: `{"mcp": {"fs": {"args": ["x"]}, "web": {"type": "http"}, "off": {"disabled": true}, "bad": {"type": "ws", "url": "u"}}, "lsp": {"go": {"filetypes": [".go"]}}}`,
		want: []string{
			`F:1:16: mcp.fs: missing "command" for a stdio server`,
			`F:1:40: mcp.web: missing "url" for an http server`,
			`F:1:101: mcp.bad.type: unknown MCP server type "ws" (want stdio, http or sse)`,
			`F:1:135: lsp.go: missing "command"`,
		}},
}
