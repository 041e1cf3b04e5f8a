package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// routingConfig is a provider with a fast and a big model at srv, with
// escalation on.
func routingConfig(url string) map[string]any {
	return map[string]any{
		"providers": map[string]any{"local": map[string]any{
			"type": "openai-compat", "base_url": url + "/v1", "api_key": "test-key",
			"models": []any{
				map[string]any{"id": "fast", "context_window": 200000, "max_tokens": 4096},
				map[string]any{"id": "big", "context_window": 200000, "max_tokens": 4096},
			},
		}},
		"models": map[string]any{"routing": "escalate", "fast": []string{"local/fast"},
			"large": []string{"local/big"}, "small": []string{"local/fast"}},
	}
}

// globReply is a step saying what and calling glob n times.
func globReply(step, n int) reply {
	r := reply{text: fmt.Sprintf("Step %d. ", step)}
	for i := range n {
		r.calls = append(r.calls, call{id: fmt.Sprintf("c%d_%d", step, i), name: "glob",
			args: fmt.Sprintf(`{"pattern":"*%d_%d.go"}`, step, i)})
	}
	return r
}

func requestModels(srv *chatServer) []string {
	var out []string
	for _, r := range srv.MainRequests() {
		out = append(out, r.Body.Model)
	}
	return out
}

func TestRunEscalatesAfterTheFourthToolCall(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	srv := serveReplies(t, globReply(1, 2), globReply(2, 2), globReply(3, 1), reply{text: "All done."})
	e.useConfig(routingConfig(srv.URL()))
	r := e.mustRun(0, "run", "survey the code")
	if got, want := requestModels(srv), []string{"fast", "fast", "big", "big"}; !slices.Equal(got, want) {
		t.Fatalf("request models = %v, want %v", got, want)
	}
	mustContain(t, "stderr", r.stderr, "escalated to local/big from local/fast (tool_calls)")
	for _, s := range []string{"Step 1.", "Step 2.", "Step 3.", "All done."} {
		if n := strings.Count(r.stdout, s); n != 1 {
			t.Errorf("stdout has %q %d times:\n%s", s, n, r.stdout)
		}
	}
	// The big model got the whole history: prompt, 2×(answer, 2 results).
	if n := len(srv.MainRequests()[2].Body.Messages); n != 8 {
		t.Errorf("first big request has %d messages, want 8 (system, prompt, 2×(call, 2 results))", n)
	}
	// The trace records the switch on the first big step.
	id := e.sessionIDs()[0]
	show := e.mustRun(0, "sessions", "show", "--json", id)
	var doc struct {
		Turns []struct {
			Model  string `json:"model"`
			Switch *struct {
				Reason, From, To string
			} `json:"model_switch"`
		} `json:"turns"`
	}
	if err := json.Unmarshal([]byte(show.stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Turns) != 4 || doc.Turns[2].Switch == nil || doc.Turns[2].Switch.Reason != "tool_calls" ||
		doc.Turns[2].Switch.From != "local/fast" || doc.Turns[2].Switch.To != "local/big" || doc.Turns[3].Switch != nil {
		t.Errorf("trace turns = %+v", doc.Turns)
	}
	trace := e.mustRun(0, "sessions", "show", "--trace", id)
	mustContain(t, "sessions show --trace", trace.stdout, "escalated to local/big from local/fast (tool_calls)")
}

func TestRunStaysOnTheFastModel(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	srv := serveReplies(t, globReply(1, 3), reply{text: "Short answer."})
	e.useConfig(routingConfig(srv.URL()))
	r := e.mustRun(0, "run", "--output-format", "stream-json", "quick question")
	if got, want := requestModels(srv), []string{"fast", "fast"}; !slices.Equal(got, want) {
		t.Fatalf("request models = %v, want %v", got, want)
	}
	if strings.Contains(r.stdout, "model_switch") {
		t.Errorf("stream-json has a model switch:\n%s", r.stdout)
	}
}

func TestRunStreamJSONEmitsTheModelSwitch(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	srv := serveReplies(t, reply{text: "Delegating.", calls: []call{{id: "a1", name: "agent", args: `{"prompt":"look around"}`}}},
		reply{text: "Sub-agent answer."}, reply{text: "Done."})
	e.useConfig(routingConfig(srv.URL()))
	r := e.mustRun(0, "run", "--output-format", "stream-json", "delegate")
	var sw map[string]any
	for _, line := range strings.Split(r.stdout, "\n") {
		if strings.Contains(line, `"type":"model_switch"`) {
			if err := json.Unmarshal([]byte(line), &sw); err != nil {
				t.Fatal(err)
			}
		}
	}
	if sw == nil || sw["reason"] != "tool: agent" || sw["from"] != "local/fast" || sw["to"] != "local/big" {
		t.Fatalf("model_switch line = %v\n%s", sw, r.stdout)
	}
	// The sub-agent of an escalated turn runs on the big model too.
	if got, want := requestModels(srv), []string{"fast", "big", "big"}; !slices.Equal(got, want) {
		t.Errorf("request models = %v, want %v", got, want)
	}
}

func TestPlanModeUsesThePlanModels(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	srv := serveReplies(t, reply{text: "1. Do it."})
	cfg := routingConfig(srv.URL())
	cfg["models"] = map[string]any{"large": []string{"local/fast"}, "plan": []string{"local/big"}}
	cfg["permissions"] = map[string]any{"mode": "plan"}
	e.useConfig(cfg)
	e.mustRun(0, "run", "plan it")
	if got, want := requestModels(srv), []string{"big"}; !slices.Equal(got, want) {
		t.Fatalf("request models = %v, want %v", got, want)
	}
}
