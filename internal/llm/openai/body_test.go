package openai

import (
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// shortAnswer is a whole Responses stream answering "ok".
func shortAnswer() string {
	return created() + sse("response.output_text.delta", `"item_id":"msg_1","output_index":0,"content_index":0,"delta":"ok"`) + completed("completed", 10, 0, 2, "")
}

// TestBodyMatchesSDK sends the steps of several conversations through one
// Client (so each step is built on the pieces kept from the steps
// before) and holds every body the server received byte for byte to the
// SDK's own encoding of the same request: tools, images in prompts and
// tool results, reasoning echoed with its encrypted content and another
// provider's reasoning left out, malformed tool input, several texts in
// one message, web search, provider options (and those the splice must
// leave to the SDK), HTML and line-separator characters, replaced and
// edited messages, no system prompt, no tools, changing tools, settings
// that change between steps (llmtest.SettingSteps) and settings the
// caller changes in place (llmtest.CheckBodyAfterCallerChangesSettings).
func TestBodyMatchesSDK(t *testing.T) {
	t.Parallel()
	srv := llmtest.NewRecorder(t, shortAnswer())
	c := New(Options{Name: "t", BaseURL: srv.URL, APIKey: "k"})
	llmtest.CheckBodies(t, c, srv, bodyConversations(), encodeWhole)
	llmtest.CheckBodyAfterCallerChangesSettings(t, c, srv, encodeWhole)
}

// bodyConversations are sequences of requests, each step usually the
// previous one with more messages.
func bodyConversations() map[string][]*llm.Request {
	temp := 0.2
	base := func(msgs ...llm.Message) *llm.Request {
		return &llm.Request{Model: "gpt-5", System: []string{"Be <brief> & exact\u2028.", "Working directory: /w"},
			Tools: llmtest.Tools(), MaxTokens: 4000, ReasoningEffort: "low", Messages: msgs}
	}
	user := llmtest.User("Find <the> config & load it\u2029 \U0001F600")
	call := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{
		{Type: llm.PartReasoning, Text: "I should look <first>.", Provider: ProviderType, Encrypted: "enc-1", ReasoningID: "rs_1"},
		{Type: llm.PartReasoning, Text: "someone else's", Provider: "anthropic", Signature: "sig"},
		llm.Text("Looking."), llm.Text(" Still looking."),
		llm.ToolCallPart("c1", llmtest.ToolName, llmtest.ToolArgs),
	}}
	bad := llm.ToolCallPart("c2", llmtest.ToolName, `{"city":`)
	bad.InputError = "unexpected end of JSON input"
	call2 := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{bad}}
	foreign := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{{Type: llm.PartReasoning, Text: "only", Provider: "anthropic", Signature: "s"}}}
	result := llm.Message{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("c1", llmtest.ToolName, "18 <degrees> & sunny", false)}}
	imgResult := llm.ToolResult("c2", llmtest.ToolName, "a picture", true)
	imgResult.MediaType, imgResult.Data = "image/png", llmtest.PNG
	result2 := llm.Message{Role: llm.RoleTool, Parts: []llm.Part{imgResult, {Type: llm.PartImage, MediaType: "image/png", Data: llmtest.PNG}}}
	look := llm.Message{Role: llm.RoleUser, Parts: []llm.Part{llm.Text("Look."), llm.Text("And this."), {Type: llm.PartImage, MediaType: "image/png", Data: llmtest.PNG}}}
	answer := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{llm.Text("Done.")}}
	with := func(r *llm.Request, f func(*llm.Request)) *llm.Request {
		f(r)
		return r
	}
	opts := map[string]any{"top_k": 40, "text": map[string]any{"verbosity": "low"}, "a.b": "dotted", "model": "override"}
	return map[string][]*llm.Request{
		"rich":     {llmtest.RichRequest("m"), llmtest.RichRequest("m")},
		"settings": llmtest.SettingSteps(base(user, call, result)),
		"loop": {
			base(user), base(user, call), base(user, call, result), base(user, call, result, call2),
			base(user, call, result, call2, result2), base(user, call, result, call2, result2, foreign),
			base(user, call, result, call2, result2, foreign, look),
			base(user, call, result, call2, result2, foreign, look, answer),
			base(user, call, result, call2, result2, foreign, look, answer, llmtest.User("And then?"), call),
		},
		"replaced": {base(user, call, result), base(user, call, llm.Message{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("c1", llmtest.ToolName, "19 degrees", false)}})},
		"edited":   {base(llmtest.User("Summary."), user, call, result), base(llmtest.User("Summary."), llmtest.User("Another prompt"), call, result)},
		"options": {
			with(base(user, call, result), func(r *llm.Request) { r.ProviderOptions = opts }),
			with(base(user, call, result, call2), func(r *llm.Request) { r.ProviderOptions = opts }),
			with(base(user, call, result, call2), func(r *llm.Request) { r.ProviderOptions = map[string]any{"input": []any{}} }),
			with(base(user, call, result, call2), func(r *llm.Request) { r.ProviderOptions = map[string]any{"tools.0": "x"} }),
			with(base(user, call, result, call2), func(r *llm.Request) { r.WebSearch = &llm.WebSearch{AllowedDomains: []string{"go.dev"}} }),
			with(base(user, call, result, call2), func(r *llm.Request) { r.WebSearch = &llm.WebSearch{}; r.Tools = nil }),
		},
		"changes": {
			base(user, call, result), with(base(user, call, result, call2), func(r *llm.Request) { r.Tools = nil }),
			with(base(user, call, result, call2), func(r *llm.Request) { r.System = nil }),
			with(base(user, call, result, call2), func(r *llm.Request) { r.Tools[0].Schema = nil }),
			with(base(user, call, result, call2), func(r *llm.Request) { r.Tools[0].Description = "Another tool." }),
			with(base(user, call, result, call2), func(r *llm.Request) { r.Tools[0].Name = "renamed" }),
			base(user, call, result, call2),
			{Model: "m", Temperature: &temp, Messages: []llm.Message{user}},
			{Model: "m", Messages: []llm.Message{foreign}},
			{Model: "m", System: []string{"Only a system prompt."}},
		},
	}
}

// TestBodyAfterCallerChangesParts: see llmtest.CheckBodyAfterCallerChangesParts.
func TestBodyAfterCallerChangesParts(t *testing.T) {
	t.Parallel()
	srv := llmtest.NewRecorder(t, shortAnswer())
	llmtest.CheckBodyAfterCallerChangesParts(t, New(Options{Name: "t", BaseURL: srv.URL, APIKey: "k"}), srv, encodeWhole)
}
