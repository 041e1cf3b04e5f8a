package anthropic

import (
	"encoding/json"
	"errors"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/packages/param"

	"github.com/honecode/hone/internal/llm"
)

// defaultMaxTokens is max_tokens when the request gives none; the API
// requires the field.
const defaultMaxTokens = 8192

// errNoModel is returned for a request without a model id.
var errNoModel = errors.New("request has no model")

// emptySchema is sent for a tool without a parameter schema.
const emptySchema = `{"type":"object","properties":{}}`

// buildParams maps a neutral request onto the Messages API parameters,
// and says where each API message comes from (see convertMessages).
func buildParams(req *llm.Request) (anthropic.MessageNewParams, []int, error) {
	if req.Model == "" {
		return anthropic.MessageNewParams{}, nil, errNoModel
	}
	msgs, from, err := convertMessages(req.Messages)
	if err != nil {
		return anthropic.MessageNewParams{}, nil, err
	}
	p := anthropic.MessageNewParams{
		Model:     anthropic.Model(req.Model),
		MaxTokens: int64(req.MaxTokens),
		Messages:  msgs,
		System:    systemBlocks(req.System),
		Tools:     toolParams(req.Tools),
	}
	if p.MaxTokens <= 0 {
		p.MaxTokens = defaultMaxTokens
	}
	if req.WebSearch != nil {
		p.Tools = append(p.Tools, webSearchTool(req.WebSearch))
	}
	markCache(&p)
	if err := applyThinking(&p, req); err != nil {
		return anthropic.MessageNewParams{}, nil, err
	}
	return p, from, nil
}

// systemBlocks returns one text block per non-empty system string.
func systemBlocks(sys []string) []anthropic.TextBlockParam {
	out := make([]anthropic.TextBlockParam, 0, len(sys))
	for _, s := range sys {
		if s != "" {
			out = append(out, anthropic.TextBlockParam{Text: s})
		}
	}
	return out
}

// toolParams converts tool definitions; schemas are sent verbatim.
func toolParams(defs []llm.ToolDef) []anthropic.ToolUnionParam {
	out := make([]anthropic.ToolUnionParam, 0, len(defs))
	for _, d := range defs {
		schema := json.RawMessage(d.Schema)
		if len(schema) == 0 {
			schema = json.RawMessage(emptySchema)
		}
		t := &anthropic.ToolParam{
			Name:        d.Name,
			InputSchema: param.Override[anthropic.ToolInputSchemaParam](schema),
		}
		if d.Description != "" {
			t.Description = anthropic.String(d.Description)
		}
		out = append(out, anthropic.ToolUnionParam{OfTool: t})
	}
	return out
}

// markCache sets the prompt-caching breakpoints documented in the package
// doc: the last system block (or the last tool), and the last cacheable
// block of each of the last two messages.
func markCache(p *anthropic.MessageNewParams) {
	eph := anthropic.NewCacheControlEphemeralParam()
	if n := len(p.System); n > 0 {
		p.System[n-1].CacheControl = eph
	} else if n := len(p.Tools); n > 0 && p.Tools[n-1].OfTool != nil {
		p.Tools[n-1].OfTool.CacheControl = eph
	}
	for i := len(p.Messages) - 1; i >= 0 && i >= len(p.Messages)-2; i-- {
		blocks := p.Messages[i].Content
		for j := len(blocks) - 1; j >= 0; j-- {
			if cc := blocks[j].GetCacheControl(); cc != nil {
				*cc = eph
				break
			}
		}
	}
}
