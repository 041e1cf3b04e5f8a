package anthropic

import (
	"bytes"
	"maps"
	"strconv"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// historyConversations are tool loops whose later steps reuse the pieces
// of earlier ones while the history changes under them: screenshots in
// prompts and tool results, thinking blocks that turn thinking on and
// off, neighbours of one role merged across steps, messages edited
// between steps (an old screenshot dropped, a prompt rewritten, a result's
// image replaced by one of the same size), and a prompt whose text holds
// the placeholder that stands for image data while a message is encoded.
func historyConversations() map[string][]*llm.Request {
	base := func(msgs ...llm.Message) *llm.Request {
		return &llm.Request{Model: "claude-sonnet-4-5", System: []string{"Be brief."}, Tools: llmtest.Tools(),
			MaxTokens: 4000, ProviderOptions: map[string]any{"thinking_budget": 2048}, Messages: msgs}
	}
	shotA, shotB := screenshot(1, 3000), screenshot(2, 5000)
	prompt := llm.Message{Role: llm.RoleUser, Parts: []llm.Part{llm.Text("Fix the layout <here>."), image(shotA)}}
	edited := llm.Message{Role: llm.RoleUser, Parts: []llm.Part{llm.Text("Fix the layout, please.")}}
	c1, r1 := thinkingCall("c1", "sig-1"), imageResult("c1", shotA)
	c2 := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{{Type: llm.PartReasoning, Provider: providerType, Encrypted: "red"}, llm.ToolCallPart("c2", llmtest.ToolName, llmtest.ToolArgs)}}
	r2 := llm.Message{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("c2", llmtest.ToolName, "plain text", false)}}
	c3, r3, r3b := thinkingCall("c3", "sig-3"), imageResult("c3", shotB), imageResult("c3b", shotA)
	r1text := llm.Message{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("c1", llmtest.ToolName, "[screenshot removed]", false)}}
	r3other := imageResult("c3", screenshot(3, 5000))
	foreign := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{{Type: llm.PartReasoning, Provider: "openai", Encrypted: "x"}, llm.ToolCallPart("c4", llmtest.ToolName, llmtest.ToolArgs)}}
	r4 := llm.Message{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("c4", llmtest.ToolName, "done", false)}}
	thought := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{{Type: llm.PartReasoning, Text: "t", Provider: providerType, Signature: "s"}}}
	callOnly := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{llm.ToolCallPart("c5", llmtest.ToolName, llmtest.ToolArgs)}}
	finish := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{{Type: llm.PartFinish, Reason: llm.FinishToolUse}}}
	r5 := imageResult("c5", shotB)
	// A text that is one of encodeMessage's placeholders: the SDK encodes its message whole.
	tricky := llm.Message{Role: llm.RoleUser, Parts: []llm.Part{llm.Text(imagePlaceholder + "0"), image(shotA), image(shotB)}}
	return map[string][]*llm.Request{
		"screenshots": {
			base(prompt), base(prompt, c1), base(prompt, c1, r1), base(prompt, c1, r1, c2, r2),
			base(prompt, c1, r1, c2, r2, c3, r3), base(prompt, c1, r1, c2, r2, c3, r3, r3b),
			base(edited, c1, r1text, c2, r2, c3, r3, r3b),
			base(edited, c1, r1text, c2, r2, c3, r3other, r3b, foreign, r4),
			base(edited, c1, r1text, c2, r2, c3, r3other, r3b, foreign, r4, c1),
			base(edited, c1, r1text, c2, r2, c3, r3other, r3b, foreign, r4, llmtest.User("Another look."), c3, r3),
		},
		"merged": {
			base(prompt, thought), base(prompt, thought, callOnly), base(prompt, thought, finish, callOnly, r5),
			base(prompt, finish, callOnly, r5), base(prompt, finish, callOnly, r5, finish, llmtest.User("Go on.")),
			base(prompt, thought, callOnly, r5, thought, finish),
		},
		"placeholder in text": {base(tricky), base(tricky, c1, r1), base(tricky, c1, r1, c3, r3)},
	}
}

// thinkingConversations are tool loops with thinking wanted (a budget,
// or adaptive thinking) whose history lets it be on, then not (the last
// assistant turn called a tool without thinking first), then again, at
// steps of the same settings: the thinking field and the sampling fields
// (temperature and top_k are sent only with thinking off) change with
// the history alone.
func thinkingConversations() map[string][]*llm.Request {
	temp := 0.2
	steps := func(model, effort string) []*llm.Request {
		base := func(msgs ...llm.Message) *llm.Request {
			return &llm.Request{Model: model, System: []string{"Be brief."}, Tools: llmtest.Tools(), MaxTokens: 4000,
				ReasoningEffort: effort, Temperature: &temp, ProviderOptions: map[string]any{"top_k": 40}, Messages: msgs}
		}
		user, again := llmtest.User("Check the weather."), llmtest.User("And tomorrow?")
		plain := func(id string) llm.Message {
			return llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{llm.Text("Checking."), llm.ToolCallPart(id, llmtest.ToolName, llmtest.ToolArgs)}}
		}
		r1 := llm.Message{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("c1", llmtest.ToolName, "sunny", false)}}
		answer := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{llm.Text("Sunny.")}}
		return []*llm.Request{
			base(user), base(user, plain("c1")), base(user, plain("c1"), r1), base(user, plain("c1"), r1, answer),
			base(user, plain("c1"), r1, answer, again), base(user, plain("c1"), r1, answer, again, plain("c2")),
			base(user, plain("c1"), r1, answer, again, thinkingCall("c2", "sig-2")),
		}
	}
	return map[string][]*llm.Request{
		"budget by history":   steps("claude-sonnet-4-5", "low"),
		"adaptive by history": steps("claude-opus-4-6", "medium"),
	}
}

// TestBodyMatchesSDKCold sends every step of every conversation to a
// Client of its own, which has kept nothing: each body is converted and
// encoded from scratch, and must still equal the SDK's whole encoding.
func TestBodyMatchesSDKCold(t *testing.T) {
	t.Parallel()
	srv := llmtest.NewRecorder(t, shortAnswer)
	convs := bodyConversations()
	maps.Copy(convs, historyConversations())
	maps.Copy(convs, thinkingConversations())
	for name, steps := range convs {
		for i, req := range steps {
			c := New(Options{Name: "t", BaseURL: srv.URL, APIKey: "k"})
			llmtest.CheckBodies(t, c, srv, map[string][]*llm.Request{name + " step " + strconv.Itoa(i): {req}}, sdkBody)
		}
	}
}

// screenshot is n pseudo-random bytes standing for an image.
func screenshot(seed byte, n int) []byte {
	b := bytes.Repeat([]byte{seed}, n)
	for i := range b {
		b[i] ^= byte(i * 31)
	}
	return b
}

// image is an image part of data.
func image(data []byte) llm.Part {
	return llm.Part{Type: llm.PartImage, MediaType: "image/png", Data: data}
}

// thinkingCall is an assistant message starting with a signed thinking
// block and calling llmtest.ToolName with id.
func thinkingCall(id, sig string) llm.Message {
	return llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{
		{Type: llm.PartReasoning, Text: "Look at " + id + ".", Provider: providerType, Signature: sig},
		llm.Text("Checking " + id + "."),
		llm.ToolCallPart(id, llmtest.ToolName, llmtest.ToolArgs),
	}}
}

// imageResult is a tool message whose result for id carries data as an
// image.
func imageResult(id string, data []byte) llm.Message {
	p := llm.ToolResult(id, llmtest.ToolName, "screenshot of "+id, false)
	p.MediaType, p.Data = "image/png", data
	return llm.Message{Role: llm.RoleTool, Parts: []llm.Part{p}}
}
