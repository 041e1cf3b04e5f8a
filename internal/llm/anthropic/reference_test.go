package anthropic

import (
	"errors"

	"github.com/anthropics/anthropic-sdk-go"

	"github.com/honecode/hone/internal/llm"
)

// This file holds the conversion of a whole history as the adapter did it
// before it planned messages from their parts (plan): the reference the
// planned, piecewise conversion is held to.

// buildParams is the whole request's parameters, every message converted.
func buildParams(req *llm.Request) (anthropic.MessageNewParams, error) {
	p, pl, err := requestParams(req)
	if err != nil {
		return anthropic.MessageNewParams{}, err
	}
	p.Messages = pl.all()
	return p, nil
}

// sdkBody is the body MessageService.NewStreaming sends for req: the
// params with every message converted by refMessages, encoded in one
// piece, then "stream" set as option.WithJSONSet does. It fails when
// canThink, read from the parts, disagrees with refCanThink, read from
// the converted messages.
func sdkBody(req *llm.Request) ([]byte, error) {
	p, pl, err := requestParams(req)
	if err != nil {
		return nil, err
	}
	p.Messages = refMessages(req.Messages)
	if canThink(&pl) != refCanThink(p.Messages) {
		return nil, errors.New("canThink differs from refCanThink")
	}
	return encodeWhole(p)
}

// refMessages converts the whole history: neighbours of one role merged
// after conversion, tool results first in user messages, and the last
// cacheable block of each of the last two messages marked.
func refMessages(msgs []llm.Message) []anthropic.MessageParam {
	out := make([]anthropic.MessageParam, 0, len(msgs))
	for i := range msgs {
		role, err := apiRole(msgs[i].Role)
		if err != nil {
			panic(err)
		}
		blocks := refBlocks(&msgs[i])
		if len(blocks) == 0 {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Role == role {
			out[n-1].Content = append(out[n-1].Content, blocks...)
			continue
		}
		out = append(out, anthropic.MessageParam{Role: role, Content: blocks})
	}
	for i := range out {
		if out[i].Role == anthropic.MessageParamRoleUser {
			toolResultsFirst(out[i].Content)
		}
	}
	eph := anthropic.NewCacheControlEphemeralParam()
	for i := len(out) - 1; i >= 0 && i >= len(out)-2; i-- {
		blocks := out[i].Content
		for j := len(blocks) - 1; j >= 0; j-- {
			if cc := blocks[j].GetCacheControl(); cc != nil {
				*cc = eph
				break
			}
		}
	}
	return out
}

// refBlocks converts the parts of one message, dropping those the API
// cannot take.
func refBlocks(m *llm.Message) []anthropic.ContentBlockParamUnion {
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
			if m.Role != llm.RoleAssistant || p.Provider != providerType {
				continue
			}
			if p.Encrypted != "" {
				out = append(out, anthropic.NewRedactedThinkingBlock(p.Encrypted))
			} else if p.Signature != "" {
				out = append(out, anthropic.NewThinkingBlock(p.Signature, p.Text))
			}
		case llm.PartToolCall, llm.PartToolResult:
			out = append(out, partBlock(p))
		}
	}
	return out
}

// refCanThink is canThink read from converted messages: false when the
// last assistant message uses tools and does not start with a thinking
// or redacted_thinking block.
func refCanThink(msgs []anthropic.MessageParam) bool {
	for i := len(msgs) - 1; i >= 0; i-- {
		m := msgs[i]
		if m.Role != anthropic.MessageParamRoleAssistant {
			continue
		}
		usesTools := false
		for _, b := range m.Content {
			usesTools = usesTools || b.OfToolUse != nil
		}
		if !usesTools {
			return true
		}
		first := m.Content[0]
		return first.OfThinking != nil || first.OfRedactedThinking != nil
	}
	return true
}
