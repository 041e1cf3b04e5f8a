package tools

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"
)

// example is a call that succeeds for a built-in tool in a prepared
// project. asks names the action the call must ask for ("" for none).
type example struct {
	args    func(te *toolEnv, url string) jsonArgs
	setup   func(t *testing.T, te *toolEnv)
	asks    string
	display DisplayKind
}

func viewed(rel, content string) func(t *testing.T, te *toolEnv) {
	return func(t *testing.T, te *toolEnv) {
		te.write(t, rel, content)
		if res := te.run(t, "view", jsonArgs{"file_path": rel}); res.IsError {
			t.Fatal(res.Content)
		}
	}
}

func examples() map[string]example {
	static := func(a jsonArgs) func(*toolEnv, string) jsonArgs { return func(*toolEnv, string) jsonArgs { return a } }
	return map[string]example{
		"view":      {args: static(jsonArgs{"file_path": "main.go"}), display: DisplayFile},
		"write":     {args: static(jsonArgs{"file_path": "new.txt", "content": "x\n"}), asks: "write", display: DisplayDiff},
		"edit":      {args: static(jsonArgs{"file_path": "e.txt", "old_string": "a", "new_string": "b"}), setup: viewed("e.txt", "a\n"), asks: "write", display: DisplayDiff},
		"multiedit": {args: static(jsonArgs{"file_path": "m.txt", "edits": []jsonArgs{{"old_string": "a", "new_string": "b"}}}), setup: viewed("m.txt", "a\n"), asks: "write", display: DisplayDiff},
		"glob":      {args: static(jsonArgs{"pattern": "**/*.go"}), display: DisplayList},
		"grep":      {args: static(jsonArgs{"pattern": "package", "include": "*.go"}), display: DisplayList},
		"ls":        {args: static(jsonArgs{"path": "."}), display: DisplayList},
		"fetch":     {args: func(_ *toolEnv, url string) jsonArgs { return jsonArgs{"url": url + "/page.html", "format": "text"} }, asks: "network", display: DisplayText},
		"download": {args: func(_ *toolEnv, url string) jsonArgs {
			return jsonArgs{"url": url + "/data.json", "file_path": "d.json"}
		}, asks: "network", display: DisplayText},
		"todos": {args: static(jsonArgs{"todos": []jsonArgs{{"content": "a", "status": "pending"}}}), display: DisplayList},
		"agent": {args: static(jsonArgs{"prompt": "find main"}), display: DisplayText},
	}
}

// TestToolConformance runs every built-in tool of this file's table
// through the registry: a successful call renders with its display kind
// and asks exactly what it should; a denial is reported as such and
// changes nothing; a cancelled context ends the call promptly.
func TestToolConformance(t *testing.T) {
	t.Parallel()
	srv := webServer(t)
	for name, ex := range examples() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			te := conformanceEnv(t, ex)
			res := te.run(t, name, ex.args(te, srv.URL))
			if res.IsError || res.Display.Kind != ex.display {
				t.Fatalf("example call: %+v, want display %q", res, ex.display)
			}
			var actions []string
			for _, r := range te.asker.asked() {
				actions = append(actions, string(r.Action))
			}
			if want := nonEmpty(ex.asks); !slices.Equal(actions, want) {
				t.Errorf("asked %v, want %v", actions, want)
			}
			if ex.asks != "" {
				checkDenied(t, conformanceEnv(t, ex), name, ex, srv.URL)
			}
			checkCancel(t, conformanceEnv(t, ex), name, ex.args(te, srv.URL))
		})
	}
}

func conformanceEnv(t *testing.T, ex example) *toolEnv {
	te := newToolEnv(t)
	te.write(t, "main.go", goMain)
	te.SubAgent = &fakeSubAgent{answer: "main is in main.go"}
	if ex.setup != nil {
		ex.setup(t, te)
	}
	return te
}

func checkDenied(t *testing.T, te *toolEnv, name string, ex example, url string) {
	t.Helper()
	before := snapshot(t, te.root)
	te.asker.deny, te.asker.feedback = true, "not now"
	res := te.run(t, name, ex.args(te, url))
	if !res.IsError || !res.Denied || !strings.Contains(res.Content, "not now") {
		t.Errorf("denied call: %+v", res)
	}
	if after := snapshot(t, te.root); after != before {
		t.Errorf("a denied call changed the project:\n%s\n---\n%s", before, after)
	}
}

func checkCancel(t *testing.T, te *toolEnv, name string, args jsonArgs) {
	t.Helper()
	ctx, cancel := context.WithCancel(WithCall(t.Context(), testCallContext))
	cancel()
	input, _ := json.Marshal(args)
	before := snapshot(t, te.root)
	done := make(chan Result, 1)
	go func() { done <- NewRegistry(Builtins(te.Env)...).Run(ctx, Call{ID: "c1", Name: name, Input: input}) }()
	select {
	case res := <-done:
		if !res.IsError || !strings.Contains(res.Content, "cancelled") {
			t.Errorf("cancelled call: %+v", res)
		}
		if after := snapshot(t, te.root); after != before {
			t.Errorf("a cancelled call changed the project")
		}
	case <-time.After(10 * time.Second):
		t.Error("a cancelled call did not return")
	}
}

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}
