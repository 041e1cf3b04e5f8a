package anthropic

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/anthropics/anthropic-sdk-go"

	"github.com/honecode/hone/internal/llm"
)

// apiRole is the API role of a message of role r: tool results go in
// user messages.
func apiRole(r llm.Role) (anthropic.MessageParamRole, error) {
	switch r {
	case llm.RoleUser, llm.RoleTool:
		return anthropic.MessageParamRoleUser, nil
	case llm.RoleAssistant:
		return anthropic.MessageParamRoleAssistant, nil
	}
	return "", fmt.Errorf("unknown role %q", r)
}

// appendBlocks appends the blocks of m's parts the API takes (sent).
func appendBlocks(out []anthropic.ContentBlockParamUnion, m *llm.Message) []anthropic.ContentBlockParamUnion {
	for i := range m.Parts {
		if p := &m.Parts[i]; sent(m.Role, p) {
			out = append(out, partBlock(p))
		}
	}
	return out
}

// sent reports whether p, a part of a message of role r, becomes a block:
// finish parts, empty text, and reasoning that is not an assistant's own
// echoable block (echoable) are dropped.
func sent(r llm.Role, p *llm.Part) bool {
	switch p.Type {
	case llm.PartText:
		return p.Text != ""
	case llm.PartImage, llm.PartToolCall, llm.PartToolResult:
		return true
	case llm.PartReasoning:
		return r == llm.RoleAssistant && echoable(p)
	}
	return false
}

// partBlock converts a part sent reports true for.
func partBlock(p *llm.Part) anthropic.ContentBlockParamUnion {
	switch p.Type {
	case llm.PartText:
		return anthropic.NewTextBlock(p.Text)
	case llm.PartImage:
		return imageBlock(p)
	case llm.PartReasoning:
		return reasoningBlock(p)
	case llm.PartToolCall:
		return anthropic.NewToolUseBlock(toolID(p.ToolCallID), json.RawMessage(llm.SendableInput(*p)), p.ToolName)
	}
	return toolResultBlock(p)
}

func imageBlock(p *llm.Part) anthropic.ContentBlockParamUnion {
	return anthropic.NewImageBlockBase64(p.MediaType, base64.StdEncoding.EncodeToString(p.Data))
}

// echoable reports whether p is a thinking or redacted_thinking block
// this adapter produced, which can be sent back.
func echoable(p *llm.Part) bool {
	return p.Provider == providerType && (p.Encrypted != "" || p.Signature != "")
}

// reasoningBlock echoes a part echoable reports true for: a
// redacted_thinking block when it has Encrypted, else a thinking block.
func reasoningBlock(p *llm.Part) anthropic.ContentBlockParamUnion {
	if p.Encrypted != "" {
		return anthropic.NewRedactedThinkingBlock(p.Encrypted)
	}
	return anthropic.NewThinkingBlock(p.Signature, p.Text)
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
