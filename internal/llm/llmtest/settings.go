package llmtest

import (
	"slices"
	"strconv"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

// SettingSteps is a conversation that starts from base and changes its
// settings at every step, one field of llm.Request at a time on top of
// the step before (model, system prompt, tools, limits, sampling,
// effort, provider options with nested values, headers, web search), so
// that each step differs from the one before in that field alone; then
// it goes back to base's settings, and to base's with a temperature,
// which an adapter may have kept. Each step is one message longer than
// the one before. base is not changed.
func SettingSteps(base *llm.Request) []*llm.Request {
	temp, topP := 0.3, 0.9
	effort := "high"
	if base.ReasoningEffort == effort {
		effort = "low"
	}
	opts := func(sort string) map[string]any {
		return map[string]any{"top_k": 40, "provider": map[string]any{"order": []any{"a", "b"}, "sort": sort}}
	}
	changes := []func(r *llm.Request){
		func(*llm.Request) {},
		func(r *llm.Request) { r.Model += "-other" },
		func(r *llm.Request) { r.System = append(slices.Clone(r.System), "Another block.") },
		func(r *llm.Request) { r.System = nil },
		func(r *llm.Request) { r.Tools = nil },
		func(r *llm.Request) { r.MaxTokens += 1000 },
		func(r *llm.Request) { r.Temperature = &temp },
		func(r *llm.Request) { r.TopP = &topP },
		func(r *llm.Request) { r.ReasoningEffort = effort },
		func(r *llm.Request) { r.ProviderOptions = opts("price") },
		func(r *llm.Request) { r.ProviderOptions = opts("latency") },
		func(r *llm.Request) { r.Headers = map[string]string{"X-Step": "headers"} },
		func(r *llm.Request) { r.WebSearch = &llm.WebSearch{MaxUses: 2, AllowedDomains: []string{"go.dev"}} },
		func(r *llm.Request) { r.WebSearch = &llm.WebSearch{MaxUses: 2, AllowedDomains: []string{"pkg.go.dev"}} },
		func(r *llm.Request) { r.Tools = base.Tools },
		func(r *llm.Request) { *r = *base },
		func(r *llm.Request) { r.Temperature = &temp },
	}
	out := make([]*llm.Request, len(changes))
	prev := base
	for i, change := range changes {
		r := *prev
		change(&r)
		r.Messages = append(slices.Clone(base.Messages), stepMessages(i)...)
		out[i], prev = &r, &r
	}
	return out
}

// stepMessages are the messages step i adds to a conversation: i of
// them (see stepMessage).
func stepMessages(i int) []llm.Message {
	out := make([]llm.Message, i)
	for j := range out {
		out[j] = stepMessage(j)
	}
	return out
}

// stepMessage is message j a conversation adds: an assistant's answer
// and a user's reply in turn.
func stepMessage(j int) llm.Message {
	if j%2 == 0 {
		return llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{llm.Text("Answer " + strconv.Itoa(j) + ".")}}
	}
	return User("Go on (" + strconv.Itoa(j) + ").")
}

// CheckBodyAfterCallerChangesSettings: a caller that reuses the values of
// a request it already sent, changing a setting in place (an element of
// a nested provider option, a key added to one, the temperature behind
// its pointer, a system block, a web search domain, a tool's
// description), must get a body for the new settings, not one made from
// what the adapter kept of the old ones.
func CheckBodyAfterCallerChangesSettings(t *testing.T, p llm.Provider, rec *Recorder, want BodyFunc) {
	t.Helper()
	temp := 0.2
	provider := map[string]any{"order": []any{"a", "b"}}
	opts := map[string]any{"top_k": 40, "provider": provider}
	system := []string{"Be brief.", "Working directory: /w"}
	ws := &llm.WebSearch{AllowedDomains: []string{"go.dev"}}
	req := &llm.Request{Model: "m", System: system, Tools: Tools(), MaxTokens: 100, Temperature: &temp,
		ProviderOptions: opts, WebSearch: ws, Messages: []llm.Message{User("first")}}
	changes := []func(){
		func() {},
		func() { provider["order"].([]any)[0] = "c" },
		func() { provider["sort"] = "price" },
		func() { opts["top_k"] = 41 },
		func() { delete(provider, "sort") },
		func() { temp = 0.7 },
		func() { system[1] = "Working directory: /x" },
		func() { ws.AllowedDomains[0] = "pkg.go.dev" },
		func() { req.Tools[0].Description = "Changed in place." },
	}
	for i, change := range changes {
		change()
		req.Messages = append(req.Messages, stepMessage(i))
		checkBody(t, p, rec, req, want, "settings changed in place", i)
	}
}
