package openaicompat

import (
	"encoding/base64"
	"strings"

	"github.com/openai/openai-go/v3"

	"github.com/honecode/hone/internal/llm"
)

// messages maps the conversation. User content in a row — a summary and
// the prompt after it, queued prompts, the images tool calls returned —
// becomes one user message whose texts are joined with a blank line: many
// servers behind this API reject two user messages in a row ("roles must
// alternate"). Reasoning is echoed (when echo is set) on assistant
// messages after the last user message only; see the package doc.
func messages(msgs []llm.Message, echo bool) []openai.ChatCompletionMessageParamUnion {
	lastUser := -1
	for i, m := range msgs {
		if m.Role == llm.RoleUser {
			lastUser = i
		}
	}
	var out []openai.ChatCompletionMessageParamUnion
	var user []llm.Part // user content not yet sent
	flush := func() {
		if len(user) > 0 {
			out = append(out, userMessage(user))
			user = nil
		}
	}
	for i, m := range msgs {
		switch m.Role {
		case llm.RoleUser:
			user = append(user, m.Parts...)
		case llm.RoleAssistant:
			if a, ok := assistantMessage(m.Parts, echo && i > lastUser); ok {
				flush()
				out = append(out, a)
			}
		case llm.RoleTool:
			flush()
			results, images := toolMessages(m.Parts)
			out = append(out, results...)
			user = images
		}
	}
	flush()
	return out
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

// assistantMessage maps text and tool calls; false when nothing is left
// to send (an empty or reasoning-only message of an earlier turn).
func assistantMessage(parts []llm.Part, withReasoning bool) (openai.ChatCompletionMessageParamUnion, bool) {
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
	if text.Len() == 0 && len(a.ToolCalls) == 0 {
		return openai.ChatCompletionMessageParamUnion{}, false
	}
	return openai.ChatCompletionMessageParamUnion{OfAssistant: &a}, true
}

// toolMessages maps each tool result to a tool message. Tool messages
// carry only text, so the images the tools returned (carried by a result
// part itself, or as image parts) come back as user content to send after
// them, introduced by a line that says where they come from.
func toolMessages(parts []llm.Part) ([]openai.ChatCompletionMessageParamUnion, []llm.Part) {
	var out []openai.ChatCompletionMessageParamUnion
	var images []llm.Part
	for _, p := range parts {
		switch p.Type {
		case llm.PartToolResult:
			out = append(out, openai.ToolMessage(p.Text, p.ToolCallID))
			if len(p.Data) > 0 {
				images = append(images, llm.Part{Type: llm.PartImage, MediaType: p.MediaType, Data: p.Data})
			}
		case llm.PartImage:
			images = append(images, p)
		}
	}
	if len(images) == 0 {
		return out, nil
	}
	return out, append([]llm.Part{llm.Text("Images returned by the tool calls above:")}, images...)
}
