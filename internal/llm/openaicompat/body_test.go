package openaicompat

import (
	"encoding/json"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// shortAnswer is a whole Chat Completions stream answering "ok".
var shortAnswer = roleFrame() + textFrame("ok") + finishFrame("stop") + doneFrame()

// TestBodyMatchesSDK sends the steps of several conversations through one
// Client (so each step is built on the cached pieces of the steps before)
// and holds every body the server received byte for byte to the SDK's
// own encoding of the same request: tools, images, tool results with
// images, reasoning echo (and its end when a user message follows),
// malformed tool input, provider options, HTML and line-separator
// characters, a last message replaced, an edited prompt, no system prompt, no tools, a system prompt or tools that
// change between steps, options the splice must leave to the SDK,
// settings that change between steps (llmtest.SettingSteps) and settings
// the caller changes in place (llmtest.CheckBodyAfterCallerChangesSettings).
func TestBodyMatchesSDK(t *testing.T) {
	t.Parallel()
	srv := llmtest.NewRecorder(t, shortAnswer)
	c := New(Options{Name: "t", BaseURL: srv.URL})
	llmtest.CheckBodies(t, c, srv, bodyConversations(), encodeWhole)
	llmtest.CheckBodyAfterCallerChangesSettings(t, c, srv, encodeWhole)
}

// bodyConversations are sequences of requests, each step usually the
// previous one with more messages.
func bodyConversations() map[string][]*llm.Request {
	rich := llmtest.RichRequest("m")
	temp := 0.2
	base := func(msgs ...llm.Message) *llm.Request {
		return &llm.Request{Model: "m", System: []string{"Be <brief> & exact\u2028."}, Tools: llmtest.Tools(), MaxTokens: 100, Messages: msgs}
	}
	user := llmtest.User("Find <the> config & load it\u2029 \U0001F600")
	call := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{
		{Type: llm.PartReasoning, Text: "I should look <first>.", Provider: ProviderType},
		{Type: llm.PartReasoning, Text: "other provider's", Provider: "anthropic", Signature: "sig"},
		llm.Text("Looking."),
		llm.ToolCallPart("c1", llmtest.ToolName, llmtest.ToolArgs),
	}}
	bad := llm.ToolCallPart("c2", llmtest.ToolName, `{"city":`)
	bad.InputError = "unexpected end of JSON input"
	call2 := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{bad}}
	result := llm.Message{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("c1", llmtest.ToolName, "18 <degrees> & sunny", false)}}
	imgResult := llm.ToolResult("c2", llmtest.ToolName, "a picture", true)
	imgResult.MediaType, imgResult.Data = "image/png", llmtest.PNG
	result2 := llm.Message{Role: llm.RoleTool, Parts: []llm.Part{imgResult, {Type: llm.PartImage, MediaType: "image/png", Data: llmtest.PNG}}}
	answer := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{llm.Text("Done.")}}
	empty := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{{Type: llm.PartReasoning, Text: "only thinking", Provider: ProviderType}}}
	withOpts := func(r *llm.Request, opts map[string]any) *llm.Request {
		r.ProviderOptions = opts
		return r
	}
	noTools := func(r *llm.Request) *llm.Request {
		r.Tools = nil
		return r
	}
	noSystem := func(r *llm.Request) *llm.Request {
		r.System = nil
		return r
	}
	otherSystem := func(r *llm.Request) *llm.Request {
		r.System = []string{"Another prompt."}
		return r
	}
	opts := map[string]any{"top_k": 40, "provider": map[string]any{"order": []any{"a", "b"}}, "stream": false, "a.b": "dotted", "model": "override"}
	return map[string][]*llm.Request{
		"rich":     {rich, rich, withOpts(llmtest.RichRequest("m"), opts)},
		"settings": llmtest.SettingSteps(base(user, call, result)),
		"loop": {
			base(user), base(user, call), base(user, call, result), base(user, call, result, call2),
			base(user, call, result, call2, result2), base(user, call, result, call2, result2, empty),
			base(user, call, result, call2, result2, empty, answer),
			base(user, call, result, call2, result2, empty, answer, llmtest.User("And then?")),
			base(user, call, result, call2, result2, empty, answer, llmtest.User("And then?"), call),
		},
		"replaced":         {base(user, call, result), base(user, call, llm.Message{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("c1", llmtest.ToolName, "19 degrees", false)}})},
		"edited prompt":    {base(llmtest.User("Summary."), user, call, result), base(llmtest.User("Summary."), llmtest.User("Another prompt"), call, result)},
		"images then user": {base(user, call, result2), base(user, call, result2, llmtest.User("Look.")), base(user, call, result2, llmtest.User("Look."), answer)},
		"options": {
			withOpts(base(user, call, result), opts), withOpts(base(user, call, result, call2), opts),
			withOpts(base(user, call, result, call2), map[string]any{"echo_reasoning": false}),
			withOpts(base(user, call, result, call2, result), map[string]any{"messages": []any{}}),
			withOpts(base(user, call, result), map[string]any{"tools.0": "x"}),
		},
		"changes": {
			base(user, call, result), noTools(base(user, call, result, call2)), noSystem(base(user, call, result, call2)),
			otherSystem(base(user, call, result, call2)), base(user, call, result, call2),
			{Model: "m", Temperature: &temp, Messages: []llm.Message{user}},
			{Model: "m", System: []string{"Only a system prompt."}},
			{Model: "m"},
		},
	}
}

// TestBodyAfterCallerChangesParts: see llmtest.CheckBodyAfterCallerChangesParts.
func TestBodyAfterCallerChangesParts(t *testing.T) {
	t.Parallel()
	srv := llmtest.NewRecorder(t, shortAnswer)
	llmtest.CheckBodyAfterCallerChangesParts(t, New(Options{Name: "t", BaseURL: srv.URL}), srv, encodeWhole)
}

// TestPartEqualCoversFields fails when llm.Part gains a field, which
// partEqual must then compare.
func TestPartEqualCoversFields(t *testing.T) {
	t.Parallel()
	names, parts := llmtest.PartFields()
	if len(names) != 16 {
		t.Fatalf("llm.Part has %d fields; partEqual compares 16: add the new ones", len(names))
	}
	for i := range parts {
		if partEqual(&parts[i], &llm.Part{}) {
			t.Errorf("partEqual ignores field %s", names[i])
		}
	}
}

// TestBodyIsValidJSON: every body of the conversations is one JSON object.
func TestBodyIsValidJSON(t *testing.T) {
	t.Parallel()
	for name, steps := range bodyConversations() {
		for i, req := range steps {
			b, _, err := encodeBody(req, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			var v map[string]any
			if err := json.Unmarshal(b, &v); err != nil {
				t.Errorf("%s step %d: %v: %s", name, i, err, b)
			}
		}
	}
}
