package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/honecode/hone/internal/permission"
)

// stubTool is a configurable tool for registry tests.
type stubTool struct {
	name   string
	policy Policy
	schema json.RawMessage
	run    func(ctx context.Context, call Call) (Result, error)
}

func (s *stubTool) Info() Info {
	return Info{Name: s.name, Description: "stub", Schema: s.schema, Policy: s.policy}
}

func (s *stubTool) Run(ctx context.Context, call Call) (Result, error) {
	if s.run == nil {
		return Result{Content: "ok: " + string(call.Input)}, nil
	}
	return s.run(ctx, call)
}

const stubSchema = `{"type":"object","properties":{"n":{"type":"integer"},"s":{"type":"string"},
"tags":{"type":"array","items":{"type":"string"}},"mode":{"type":"string","enum":["a","b"]}},"required":["s"]}`

func TestRegistryRun(t *testing.T) {
	t.Parallel()
	reg := NewRegistry(
		&stubTool{name: "echo", schema: json.RawMessage(stubSchema), policy: PolicyReadOnly},
		&stubTool{name: "panics", run: func(context.Context, Call) (Result, error) { panic("boom") }},
		&stubTool{name: "fails", run: func(context.Context, Call) (Result, error) { return Result{}, errors.New("disk full") }},
		&stubTool{name: "denied", run: func(context.Context, Call) (Result, error) {
			return Result{}, fmt.Errorf("ask: %w", &permission.DeniedError{Tool: "denied", Feedback: "no"})
		}},
		&stubTool{name: "cancelled", run: func(ctx context.Context, _ Call) (Result, error) { return Result{}, context.Canceled }},
		&stubTool{name: "callid", run: func(ctx context.Context, _ Call) (Result, error) {
			cc := CallFrom(ctx)
			return Result{Content: cc.SessionID + "/" + cc.MessageID + "/" + cc.CallID}, nil
		}},
	)
	tests := []struct {
		name, tool, input string
		want              string
		isError, denied   bool
	}{
		{"unknown tool", "sourcegraph", `{"query":"x"}`, `unknown tool "sourcegraph". Available tools: callid, cancelled, denied, echo, fails, panics.`, true, false},
		{"valid", "echo", `{"s":"x","n":3,"tags":["a"],"mode":"a"}`, `ok: {"s":"x","n":3,"tags":["a"],"mode":"a"}`, false, false},
		{"extra ignored", "echo", `{"s":"x","extra":{"deep":true}}`, "ok:", false, false},
		{"null optional ignored", "echo", `{"s":"x","n":null}`, "ok:", false, false},
		{"missing required", "echo", `{"n":1}`, `missing required argument "s"`, true, false},
		{"null required", "echo", `{"s":null}`, `missing required argument "s"`, true, false},
		{"wrong type", "echo", `{"s":"x","n":"3"}`, `"n" must be integer, got string "3"`, true, false},
		{"fraction for integer", "echo", `{"s":"x","n":1.5}`, `"n" must be integer, got number 1.5`, true, false},
		{"wrong item", "echo", `{"s":"x","tags":["a",2]}`, `"tags[1]" must be string, got number 2`, true, false},
		{"enum", "echo", `{"s":"x","mode":"c"}`, `"mode" must be one of "a", "b", got string "c"`, true, false},
		{"all problems", "echo", `{"n":true}`, `missing required argument "s"; "n" must be integer, got boolean true`, true, false},
		{"not json", "echo", `{"s":`, "not valid JSON", true, false},
		{"not an object", "echo", `["s"]`, "must be a JSON object", true, false},
		{"empty input", "callid", ``, "s1/m1/c1", false, false},
		{"panic", "panics", `{}`, "tool panics crashed: boom", true, false},
		{"error", "fails", `{}`, "fails failed: disk full", true, false},
		{"denied error", "denied", `{}`, "The user said: no", true, true},
		{"cancelled", "cancelled", `{}`, "cancelled was cancelled", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx := WithCall(t.Context(), CallContext{SessionID: "s1", MessageID: "m1"})
			res := reg.Run(ctx, Call{ID: "c1", Name: tt.tool, Input: json.RawMessage(tt.input)})
			if res.IsError != tt.isError || res.Denied != tt.denied || !strings.Contains(res.Content, tt.want) {
				t.Errorf("Run = %+v\nwant IsError %v, Denied %v, content with %q", res, tt.isError, tt.denied, tt.want)
			}
			if res.Display.Kind == "" {
				t.Error("result has no display kind")
			}
		})
	}
}

func TestRegistryManagement(t *testing.T) {
	t.Parallel()
	reg := NewRegistry(&stubTool{name: "view", policy: PolicyReadOnly}, &stubTool{name: "edit", policy: PolicyWrite},
		&stubTool{name: "mcp_gh_issue"}, &stubTool{name: "mcp_gh_pr"}, &stubTool{name: "mcp_fs_read"})
	names := func(r *Registry) []string {
		var out []string
		for _, d := range r.Definitions() {
			out = append(out, d.Name)
		}
		return out
	}
	if got := names(reg); !slices.Equal(got, []string{"edit", "mcp_fs_read", "mcp_gh_issue", "mcp_gh_pr", "view"}) {
		t.Errorf("Definitions order = %v", got)
	}
	reg.RemovePrefix("mcp_gh_")
	reg.Remove("edit")
	if got := names(reg); !slices.Equal(got, []string{"mcp_fs_read", "view"}) {
		t.Errorf("after removals = %v", got)
	}
	if _, ok := reg.Get("view"); !ok {
		t.Error("Get(view) missing")
	}
	if !reg.ReadOnly("view") || reg.ReadOnly("mcp_fs_read") || reg.ReadOnly("nope") {
		t.Error("ReadOnly wrong")
	}
	sub := reg.Subset("view", "nope")
	if got := names(sub); !slices.Equal(got, []string{"view"}) {
		t.Errorf("Subset = %v", got)
	}
	reg.Add(&stubTool{name: "view", policy: PolicyWrite}) // replaces
	if reg.ReadOnly("view") || !sub.ReadOnly("view") {
		t.Error("Add did not replace, or Subset is not independent")
	}
}

func TestRegistryConcurrent(t *testing.T) {
	t.Parallel()
	reg := NewRegistry(&stubTool{name: "base"})
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for j := range 50 {
				name := fmt.Sprintf("mcp_s%d_t%d", i, j)
				reg.Add(&stubTool{name: name})
				_ = reg.Definitions()
				_ = reg.Run(t.Context(), Call{Name: "base", Input: json.RawMessage(`{}`)})
				reg.RemovePrefix(fmt.Sprintf("mcp_s%d_", i))
			}
		})
	}
	wg.Wait()
	if got := reg.Names(); !slices.Equal(got, []string{"base"}) {
		t.Errorf("names after churn = %v", got)
	}
}

// builtinParams are the tools this package must offer and their exact
// parameters (ARCHITECTURE.md: the names models are trained on).
var builtinParams = map[string][]string{
	"view":      {"file_path", "offset", "limit"},
	"write":     {"file_path", "content"},
	"edit":      {"file_path", "old_string", "new_string", "replace_all"},
	"multiedit": {"file_path", "edits"},
	"glob":      {"pattern", "path"},
	"grep":      {"pattern", "path", "include", "literal_text"},
	"ls":        {"path", "ignore", "depth"},
	"fetch":     {"url", "format", "timeout"},
	"download":  {"url", "file_path", "timeout"},
	"todos":     {"todos"},
	"agent":     {"prompt", "subagent_type"},
}

func TestBuiltinsDescribeThemselves(t *testing.T) {
	t.Parallel()
	tools := Builtins(&Env{WorkDir: t.TempDir()})
	seen := map[string]bool{}
	for _, tool := range tools {
		info := tool.Info()
		if seen[info.Name] {
			t.Errorf("duplicate tool %q", info.Name)
		}
		seen[info.Name] = true
		t.Run(info.Name, func(t *testing.T) {
			t.Parallel()
			if len(strings.TrimSpace(info.Description)) < 80 {
				t.Errorf("description too short: %q", info.Description)
			}
			if !slices.Contains([]Policy{PolicyReadOnly, PolicyWrite, PolicyExecute, PolicyNetwork}, info.Policy) {
				t.Errorf("policy %q", info.Policy)
			}
			props := checkSchema(t, info.Schema)
			if want, ok := builtinParams[info.Name]; ok && !slices.Equal(props, sorted(want)) {
				t.Errorf("parameters = %v, want %v", props, sorted(want))
			}
		})
	}
	for name := range builtinParams {
		if !seen[name] {
			t.Errorf("built-in tool %q is missing", name)
		}
	}
}

// checkSchema verifies a tool schema is an object schema whose required
// names are properties, and returns the sorted property names.
func checkSchema(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	var s struct {
		Type       string                     `json:"type"`
		Properties map[string]json.RawMessage `json:"properties"`
		Required   []string                   `json:"required"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatalf("schema is not JSON: %v", err)
	}
	if s.Type != "object" || parseSchema(raw) == nil {
		t.Errorf("schema type %q, parsed %v", s.Type, parseSchema(raw) != nil)
	}
	var props []string
	for name, p := range s.Properties {
		props = append(props, name)
		var prop struct {
			Type        string `json:"type"`
			Description string `json:"description"`
		}
		if err := json.Unmarshal(p, &prop); err != nil || prop.Type == "" || prop.Description == "" {
			t.Errorf("property %s lacks a type or description: %s", name, p)
		}
	}
	for _, r := range s.Required {
		if _, ok := s.Properties[r]; !ok {
			t.Errorf("required %q is not a property", r)
		}
	}
	return sorted(props)
}

func sorted(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}
