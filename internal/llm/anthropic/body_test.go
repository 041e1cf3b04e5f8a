package anthropic

import (
	"reflect"
	"testing"

	"github.com/anthropics/anthropic-sdk-go"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// shortAnswer is a whole Messages stream answering "ok".
const shortAnswer = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_b\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"model\":\"m\",\"stop_reason\":null,\"stop_sequence\":null,\"usage\":{\"input_tokens\":10,\"output_tokens\":1}}}\n\n" +
	"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n" +
	"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"ok\"}}\n\n" +
	"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n" +
	"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":5}}\n\n" +
	"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"

// TestBodyMatchesSDK sends the steps of several conversations through one
// Client (so each step is built on the pieces kept from the steps
// before) and holds every body the server received byte for byte to the
// SDK's own encoding of the same request: tools, images, tool results
// with images, thinking blocks echoed (signed and redacted) and other
// providers' reasoning, malformed tool input, thinking and sampling
// options, web search, HTML and line-separator characters, merged
// neighbours of one role, a replaced last message, an edited prompt, no
// system prompt, no tools, a system prompt or tools that change, settings
// that change between steps (llmtest.SettingSteps) and settings the
// caller changes in place (llmtest.CheckBodyAfterCallerChangesSettings);
// then the tool loops of historyConversations, whose messages are
// converted only when their piece is not kept, and those of
// thinkingConversations, whose history turns thinking on and off under
// the same settings.
func TestBodyMatchesSDK(t *testing.T) {
	t.Parallel()
	srv := llmtest.NewRecorder(t, shortAnswer)
	c := New(Options{Name: "t", BaseURL: srv.URL, APIKey: "k"})
	llmtest.CheckBodies(t, c, srv, bodyConversations(), sdkBody)
	llmtest.CheckBodyAfterCallerChangesSettings(t, c, srv, sdkBody)
	llmtest.CheckBodies(t, c, srv, historyConversations(), sdkBody)
	llmtest.CheckBodies(t, c, srv, thinkingConversations(), sdkBody)
}

// bodyConversations are sequences of requests, each step usually the
// previous one with more messages.
func bodyConversations() map[string][]*llm.Request {
	temp, topP := 0.2, 0.97
	base := func(msgs ...llm.Message) *llm.Request {
		return &llm.Request{Model: "claude-sonnet-4-5", System: []string{"Be <brief> & exact\u2028.", "Working directory: /w"},
			Tools: llmtest.Tools(), MaxTokens: 4000, Messages: msgs}
	}
	user := llmtest.User("Find <the> config & load it\u2029 \U0001F600")
	call := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{
		{Type: llm.PartReasoning, Text: "I should look <first>.", Provider: providerType, Signature: "sig-1"},
		{Type: llm.PartReasoning, Text: "someone else's", Provider: "openai", Encrypted: "enc"},
		llm.Text("Looking."),
		llm.ToolCallPart("c1", llmtest.ToolName, llmtest.ToolArgs),
	}}
	bad := llm.ToolCallPart("c:2", llmtest.ToolName, `{"city":`)
	bad.InputError = "unexpected end of JSON input"
	call2 := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{{Type: llm.PartReasoning, Provider: providerType, Encrypted: "redacted"}, bad}}
	result := llm.Message{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("c1", llmtest.ToolName, "18 <degrees> & sunny", false)}}
	imgResult := llm.ToolResult("c:2", llmtest.ToolName, "a picture", true)
	imgResult.MediaType, imgResult.Data = "image/png", llmtest.PNG
	result2 := llm.Message{Role: llm.RoleTool, Parts: []llm.Part{imgResult}}
	look := llm.Message{Role: llm.RoleUser, Parts: []llm.Part{llm.Text("Look."), {Type: llm.PartImage, MediaType: "image/png", Data: llmtest.PNG}}}
	answer := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{llm.Text("Done.")}}
	empty := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{{Type: llm.PartFinish, Reason: llm.FinishStop}}}
	with := func(r *llm.Request, f func(*llm.Request)) *llm.Request {
		f(r)
		return r
	}
	thinking := func(r *llm.Request) {
		r.ProviderOptions = map[string]any{"thinking_budget": 2048}
		r.Temperature = &temp
	}
	sampling := func(r *llm.Request) {
		r.ProviderOptions = map[string]any{"top_k": 40}
		r.TopP = &topP
	}
	search := func(r *llm.Request) {
		r.WebSearch = &llm.WebSearch{MaxUses: 2, AllowedDomains: []string{"go.dev"}}
	}
	return map[string][]*llm.Request{
		"rich":     {llmtest.RichRequest("m"), llmtest.RichRequest("m")},
		"settings": llmtest.SettingSteps(base(user, call, result)),
		"loop": {
			base(user), base(user, call), base(user, call, result), base(user, call, result, call2),
			base(user, call, result, call2, result2), base(user, call, result, call2, result2, look),
			base(user, call, result, call2, result2, look, answer),
			base(user, call, result, call2, result2, look, answer, empty, llmtest.User("And then?")),
			base(user, call, result, call2, result2, look, answer, empty, llmtest.User("And then?"), call),
		},
		"replaced": {base(user, call, result), base(user, call, llm.Message{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("c1", llmtest.ToolName, "19 degrees", false)}})},
		"edited":   {base(llmtest.User("Summary."), user, call, result), base(llmtest.User("Summary."), llmtest.User("Another prompt"), call, result)},
		"options": {
			with(base(user, call, result), thinking), with(base(user, call, result, call2), thinking),
			with(base(user, call, result, call2), sampling), with(base(user, call, result, call2, result2), search),
			with(base(user, call, result, call2, result2), func(r *llm.Request) { search(r); r.Tools = nil }),
			with(base(user), func(r *llm.Request) { r.ReasoningEffort = "high" }),
		},
		"changes": {
			base(user, call, result), with(base(user, call, result, call2), func(r *llm.Request) { r.Tools = nil }),
			with(base(user, call, result, call2), func(r *llm.Request) { r.System = nil }),
			with(base(user, call, result, call2), func(r *llm.Request) { r.System = []string{"Another prompt."} }),
			with(base(user, call, result, call2), func(r *llm.Request) { r.Tools = r.Tools[:1] }),
			with(base(user, call, result, call2), func(r *llm.Request) { r.Tools[0].Schema = nil }),
			with(base(user, call, result, call2), func(r *llm.Request) { r.Tools[0].Description = "Another tool." }),
			with(base(user, call, result, call2), func(r *llm.Request) { r.Tools[0].Name = "renamed" }),
			base(user, call, result, call2),
			{Model: "m", Temperature: &temp, Messages: []llm.Message{user}},
			{Model: "m", System: []string{"Only a system prompt."}},
		},
	}
}

// TestBodyAfterCallerChangesParts: see llmtest.CheckBodyAfterCallerChangesParts.
func TestBodyAfterCallerChangesParts(t *testing.T) {
	t.Parallel()
	srv := llmtest.NewRecorder(t, shortAnswer)
	llmtest.CheckBodyAfterCallerChangesParts(t, New(Options{Name: "t", BaseURL: srv.URL, APIKey: "k"}), srv, sdkBody)
}

// TestHeadersMatchNewStreaming: posting the body as bytes sends the
// headers MessageService.NewStreaming sends.
func TestHeadersMatchNewStreaming(t *testing.T) {
	t.Parallel()
	srv := llmtest.NewRecorder(t, shortAnswer)
	c := New(Options{Name: "t", BaseURL: srv.URL, APIKey: "k", Headers: map[string]string{"X-Extra": "1"}})
	req := llmtest.RichRequest("m")
	req.Headers = map[string]string{"X-Call": "2"}
	for _, err := range c.Stream(t.Context(), req) {
		if err != nil {
			t.Fatal(err)
		}
	}
	_, got := srv.Last()
	p, err := buildParams(req)
	if err != nil {
		t.Fatal(err)
	}
	stream := (&anthropic.MessageService{Options: c.opts}).NewStreaming(t.Context(), p, optionHeaders(req.Headers)...)
	for stream.Next() {
	}
	_ = stream.Close()
	_, want := srv.Last()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("headers differ:\n got %v\nwant %v", got, want)
	}
}
