package openai

import (
	"encoding/base64"
	"slices"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"

	"github.com/honecode/hone/internal/llm"
)

// inputItems maps the conversation onto input items, keeping the order of
// an assistant message's parts: reasoning, text and function calls.
func inputItems(msgs []llm.Message) responses.ResponseInputParam {
	var out responses.ResponseInputParam
	for _, m := range msgs {
		switch m.Role {
		case llm.RoleUser:
			out = append(out, userItem(m.Parts))
		case llm.RoleAssistant:
			out = append(out, assistantItems(m.Parts)...)
		case llm.RoleTool:
			out = append(out, toolOutputs(m.Parts)...)
		}
	}
	return out
}

func dataURL(p llm.Part) string {
	return "data:" + p.MediaType + ";base64," + base64.StdEncoding.EncodeToString(p.Data)
}

// userItem sends one user message item per user message (the API takes
// several in a row, so queued prompts and a summary stay apart): a single
// text as a string, anything more as a list in which every text part (a
// prompt, a text attachment) and image keeps its own entry.
func userItem(parts []llm.Part) responses.ResponseInputItemUnionParam {
	var content responses.ResponseInputMessageContentListParam
	for _, p := range parts {
		switch {
		case p.Type == llm.PartText && p.Text != "":
			content = append(content, responses.ResponseInputContentUnionParam{OfInputText: &responses.ResponseInputTextParam{Text: p.Text}})
		case p.Type == llm.PartImage:
			content = append(content, responses.ResponseInputContentUnionParam{OfInputImage: &responses.ResponseInputImageParam{
				ImageURL: openai.String(dataURL(p)), Detail: responses.ResponseInputImageDetailAuto,
			}})
		}
	}
	if len(content) == 1 && content[0].OfInputText != nil {
		return responses.ResponseInputItemParamOfMessage(content[0].OfInputText.Text, responses.EasyInputMessageRoleUser)
	}
	return responses.ResponseInputItemParamOfMessage(content, responses.EasyInputMessageRoleUser)
}

// assistantItems maps an assistant message part by part; consecutive text
// parts form one assistant message item.
func assistantItems(parts []llm.Part) []responses.ResponseInputItemUnionParam {
	var out []responses.ResponseInputItemUnionParam
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			out = append(out, responses.ResponseInputItemParamOfMessage(text.String(), responses.EasyInputMessageRoleAssistant))
			text.Reset()
		}
	}
	for _, p := range parts {
		switch p.Type {
		case llm.PartText:
			text.WriteString(p.Text)
		case llm.PartReasoning:
			if it, ok := reasoningItem(p); ok {
				flush()
				out = append(out, it)
			}
		case llm.PartToolCall:
			flush()
			out = append(out, responses.ResponseInputItemParamOfFunctionCall(llm.SendableInput(p), p.ToolCallID, p.ToolName))
		}
	}
	flush()
	return out
}

// reasoningItem echoes a reasoning part of this provider type that carries
// encrypted content; anything else cannot be sent statelessly.
func reasoningItem(p llm.Part) (responses.ResponseInputItemUnionParam, bool) {
	if p.Provider != ProviderType || p.Encrypted == "" || p.ReasoningID == "" {
		return responses.ResponseInputItemUnionParam{}, false
	}
	summary := []responses.ResponseReasoningItemSummaryParam{}
	if p.Text != "" {
		summary = append(summary, responses.ResponseReasoningItemSummaryParam{Text: p.Text})
	}
	it := responses.ResponseInputItemParamOfReasoning(p.ReasoningID, summary)
	it.OfReasoning.EncryptedContent = openai.String(p.Encrypted)
	return it, true
}

// toolOutputs maps tool results to function_call_output items. A result's
// images — the one it carries itself (MediaType/Data) and image parts
// tagged with its call id, or untagged ones that follow it — make its
// output an input_text + input_image list.
func toolOutputs(parts []llm.Part) []responses.ResponseInputItemUnionParam {
	var results []llm.Part
	images := map[int][]llm.Part{}
	for _, p := range parts {
		switch {
		case p.Type == llm.PartToolResult:
			if len(p.Data) > 0 {
				images[len(results)] = append(images[len(results)], p)
			}
			results = append(results, p)
		case p.Type == llm.PartImage:
			i := slices.IndexFunc(results, func(r llm.Part) bool { return r.ToolCallID == p.ToolCallID })
			if i < 0 {
				i = len(results) - 1
			}
			if i >= 0 {
				images[i] = append(images[i], p)
			}
		}
	}
	out := make([]responses.ResponseInputItemUnionParam, len(results))
	for i, r := range results {
		o := &responses.ResponseInputItemFunctionCallOutputParam{CallID: openai.String(r.ToolCallID)}
		if imgs := images[i]; len(imgs) > 0 {
			o.Output.OfResponseFunctionCallOutputItemArray = outputList(r.Text, imgs)
		} else {
			o.Output.OfString = openai.String(r.Text)
		}
		out[i] = responses.ResponseInputItemUnionParam{OfFunctionCallOutput: o}
	}
	return out
}

func outputList(text string, imgs []llm.Part) responses.ResponseFunctionCallOutputItemListParam {
	list := responses.ResponseFunctionCallOutputItemListParam{{OfInputText: &responses.ResponseInputTextContentParam{Text: text}}}
	for _, img := range imgs {
		list = append(list, responses.ResponseFunctionCallOutputItemUnionParam{
			OfInputImage: &responses.ResponseInputImageContentParam{ImageURL: openai.String(dataURL(img))},
		})
	}
	return list
}
