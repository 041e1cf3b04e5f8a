package anthropic

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/anthropics/anthropic-sdk-go"

	"github.com/honecode/hone/internal/llm"
)

// convertMessages maps the conversation onto alternating user/assistant
// messages, merging neighbours of the same role and putting tool_result
// blocks first in each user message. It also says where each API message
// comes from: from[i] is the index in msgs of the first message merged
// into out[i], whose sources end where those of out[i+1] begin.
func convertMessages(msgs []llm.Message) ([]anthropic.MessageParam, []int, error) {
	out := make([]anthropic.MessageParam, 0, len(msgs))
	from := make([]int, 0, len(msgs))
	for i := range msgs {
		m := &msgs[i]
		role, err := apiRole(m.Role)
		if err != nil {
			return nil, nil, fmt.Errorf("message %d: %w", i, err)
		}
		blocks := contentBlocks(m)
		if len(blocks) == 0 {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Role == role {
			out[n-1].Content = append(out[n-1].Content, blocks...)
			continue
		}
		out = append(out, anthropic.MessageParam{Role: role, Content: blocks})
		from = append(from, i)
	}
	for i := range out {
		if out[i].Role == anthropic.MessageParamRoleUser {
			toolResultsFirst(out[i].Content)
		}
	}
	return out, from, nil
}

func apiRole(r llm.Role) (anthropic.MessageParamRole, error) {
	switch r {
	case llm.RoleUser, llm.RoleTool:
		return anthropic.MessageParamRoleUser, nil
	case llm.RoleAssistant:
		return anthropic.MessageParamRoleAssistant, nil
	}
	return "", fmt.Errorf("unknown role %q", r)
}

// contentBlocks converts the parts of one message; parts the API cannot
// take (finish parts, foreign or unsigned reasoning, empty text) are
// dropped.
func contentBlocks(m *llm.Message) []anthropic.ContentBlockParamUnion {
	out := make([]anthropic.ContentBlockParamUnion, 0, len(m.Parts))
	for i := range m.Parts {
		p := &m.Parts[i]
		switch p.Type {
		case llm.PartText:
			if p.Text != "" {
				out = append(out, anthropic.NewTextBlock(p.Text))
			}
		case llm.PartImage:
			out = append(out, imageBlock(p))
		case llm.PartReasoning:
			if b, ok := reasoningBlock(p); ok && m.Role == llm.RoleAssistant {
				out = append(out, b)
			}
		case llm.PartToolCall:
			out = append(out, anthropic.NewToolUseBlock(toolID(p.ToolCallID), json.RawMessage(llm.SendableInput(*p)), p.ToolName))
		case llm.PartToolResult:
			out = append(out, toolResultBlock(p))
		}
	}
	return out
}

func imageBlock(p *llm.Part) anthropic.ContentBlockParamUnion {
	return anthropic.NewImageBlockBase64(p.MediaType, base64.StdEncoding.EncodeToString(p.Data))
}

// reasoningBlock echoes a thinking or redacted_thinking block this adapter
// produced.
func reasoningBlock(p *llm.Part) (anthropic.ContentBlockParamUnion, bool) {
	if p.Provider != providerType {
		return anthropic.ContentBlockParamUnion{}, false
	}
	if p.Encrypted != "" {
		return anthropic.NewRedactedThinkingBlock(p.Encrypted), true
	}
	if p.Signature != "" {
		return anthropic.NewThinkingBlock(p.Signature, p.Text), true
	}
	return anthropic.ContentBlockParamUnion{}, false
}

// toolResultBlock carries the result text and, when the part holds image
// data, an image block.
func toolResultBlock(p *llm.Part) anthropic.ContentBlockParamUnion {
	r := &anthropic.ToolResultBlockParam{ToolUseID: toolID(p.ToolCallID)}
	if p.IsError {
		r.IsError = anthropic.Bool(true)
	}
	if p.Text != "" {
		r.Content = append(r.Content, anthropic.ToolResultBlockParamContentUnion{
			OfText: &anthropic.TextBlockParam{Text: p.Text},
		})
	}
	if len(p.Data) > 0 {
		src := anthropic.ImageBlockParamSourceUnion{OfBase64: &anthropic.Base64ImageSourceParam{
			Data:      base64.StdEncoding.EncodeToString(p.Data),
			MediaType: anthropic.Base64ImageSourceMediaType(p.MediaType),
		}}
		r.Content = append(r.Content, anthropic.ToolResultBlockParamContentUnion{
			OfImage: &anthropic.ImageBlockParam{Source: src},
		})
	}
	return anthropic.ContentBlockParamUnion{OfToolResult: r}
}

// toolResultsFirst moves tool_result blocks to the front, keeping order
// otherwise: the API wants them right after the tool_use turn.
func toolResultsFirst(blocks []anthropic.ContentBlockParamUnion) {
	results := make([]anthropic.ContentBlockParamUnion, 0, len(blocks))
	rest := make([]anthropic.ContentBlockParamUnion, 0, len(blocks))
	for _, b := range blocks {
		if b.OfToolResult != nil {
			results = append(results, b)
		} else {
			rest = append(rest, b)
		}
	}
	copy(blocks, append(results, rest...))
}

// toolID makes a call id acceptable to the API, which allows only
// letters, digits, '_' and '-': ids of other providers' calls (after a
// failover) may hold '.' or ':'. The mapping is the same for a call and its
// result, so they still match.
func toolID(id string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			return r
		}
		return '_'
	}, id)
}
