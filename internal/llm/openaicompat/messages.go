package openaicompat

import (
	"encoding/base64"
	"strings"

	"github.com/openai/openai-go/v3"

	"github.com/honecode/hone/internal/llm"
)

// messages maps the conversation; see plan.
func messages(msgs []llm.Message, echo bool) []openai.ChatCompletionMessageParamUnion {
	wire := plan(msgs, echo)
	out := make([]openai.ChatCompletionMessageParamUnion, len(wire))
	for i := range wire {
		out[i] = wire[i].param()
	}
	return out
}

// wireKind is the role of a wire message.
type wireKind uint8

const (
	wireUser wireKind = iota
	wireAssistant
	wireTool
)

// wireMsg is one Chat Completions message before it is built. src is the
// index of the conversation message whose mapping emitted it (a user
// message is emitted by the message that follows its parts, or at the end
// with src = len(msgs)), so it depends on the messages up to src only.
type wireMsg struct {
	kind      wireKind
	src       int
	parts     []llm.Part // user: the parts; assistant: the message's; tool: the one result
	reasoning bool       // assistant: echo its reasoning
}

// plan maps the conversation onto wire messages. User content in a row —
// a summary and the prompt after it, queued prompts, the images tool
// calls returned — becomes one user message whose texts are joined with a
// blank line: many servers behind this API reject two user messages in a
// row ("roles must alternate"). Reasoning is echoed (when echo is set) on
// assistant messages after the last user message only; see the package
// doc.
func plan(msgs []llm.Message, echo bool) []wireMsg {
	lastUser := -1
	for i, m := range msgs {
		if m.Role == llm.RoleUser {
			lastUser = i
		}
	}
	out := make([]wireMsg, 0, len(msgs)+1)
	var user []llm.Part // user content not yet sent
	flush := func(src int) {
		if len(user) > 0 {
			out = append(out, wireMsg{kind: wireUser, src: src, parts: user})
			user = nil
		}
	}
	for i, m := range msgs {
		switch m.Role {
		case llm.RoleUser:
			user = append(user, m.Parts...)
		case llm.RoleAssistant:
			if sendable(m.Parts) {
				flush(i)
				out = append(out, wireMsg{kind: wireAssistant, src: i, parts: m.Parts, reasoning: echo && i > lastUser})
			}
		case llm.RoleTool:
			flush(i)
			var images []llm.Part
			for j, p := range m.Parts {
				if p.Type == llm.PartToolResult {
					out = append(out, wireMsg{kind: wireTool, src: i, parts: m.Parts[j : j+1]})
				}
				images = appendImages(images, p)
			}
			if len(images) > 0 {
				user = append([]llm.Part{llm.Text("Images returned by the tool calls above:")}, images...)
			}
		}
	}
	flush(len(msgs))
	return out
}

// param builds the message.
func (w *wireMsg) param() openai.ChatCompletionMessageParamUnion {
	switch w.kind {
	case wireAssistant:
		return assistantMessage(w.parts, w.reasoning)
	case wireTool:
		p := w.parts[0]
		return openai.ToolMessage(p.Text, p.ToolCallID)
	}
	return userMessage(w.parts)
}

// userMessage sends text as one string, each text part (prompt, text
// attachment) separated by a blank line, and text with images as a list of
// parts.
func userMessage(parts []llm.Part) openai.ChatCompletionMessageParamUnion {
	var content []openai.ChatCompletionContentPartUnionParam
	images := false
	for _, p := range parts {
		switch p.Type {
		case llm.PartText:
			if p.Text != "" {
				content = append(content, openai.TextContentPart(p.Text))
			}
		case llm.PartImage:
			images = true
			content = append(content, imagePart(p))
		}
	}
	if !images {
		return openai.UserMessage(llm.JoinText(parts))
	}
	return openai.UserMessage(content)
}

func imagePart(p llm.Part) openai.ChatCompletionContentPartUnionParam {
	url := "data:" + p.MediaType + ";base64," + base64.StdEncoding.EncodeToString(p.Data)
	return openai.ImageContentPart(openai.ChatCompletionContentPartImageImageURLParam{URL: url})
}

// sendable says whether an assistant message has something to send: an
// empty or reasoning-only message of an earlier turn has not.
func sendable(parts []llm.Part) bool {
	for _, p := range parts {
		if (p.Type == llm.PartText && p.Text != "") || p.Type == llm.PartToolCall {
			return true
		}
	}
	return false
}

// assistantMessage maps text and tool calls (see sendable).
func assistantMessage(parts []llm.Part, withReasoning bool) openai.ChatCompletionMessageParamUnion {
	var a openai.ChatCompletionAssistantMessageParam
	var text, reasoning strings.Builder
	for _, p := range parts {
		switch p.Type {
		case llm.PartText:
			text.WriteString(p.Text)
		case llm.PartReasoning:
			if p.Provider == ProviderType {
				reasoning.WriteString(p.Text)
			}
		case llm.PartToolCall:
			a.ToolCalls = append(a.ToolCalls, openai.ChatCompletionMessageToolCallUnionParam{
				OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{
					ID: p.ToolCallID,
					Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{
						Name: p.ToolName, Arguments: llm.SendableInput(p),
					},
				},
			})
		}
	}
	if text.Len() > 0 {
		a.Content.OfString = openai.String(text.String())
	}
	if withReasoning && reasoning.Len() > 0 {
		a.SetExtraFields(map[string]any{"reasoning_content": reasoning.String()})
	}
	return openai.ChatCompletionMessageParamUnion{OfAssistant: &a}
}

// appendImages adds the images a tool message part carries. Tool messages
// carry only text, so the images the tools returned (carried by a result
// part itself, or as image parts) come back as user content sent after
// them, introduced by a line that says where they come from.
func appendImages(images []llm.Part, p llm.Part) []llm.Part {
	switch {
	case p.Type == llm.PartToolResult && len(p.Data) > 0:
		return append(images, llm.Part{Type: llm.PartImage, MediaType: p.MediaType, Data: p.Data})
	case p.Type == llm.PartImage:
		return append(images, p)
	}
	return images
}
