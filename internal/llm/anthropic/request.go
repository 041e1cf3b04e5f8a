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

// requestParams maps everything of req but its messages onto the Messages
// API parameters, and plans the messages (planMessages): the caller
// converts them, all (plan.all) or only those whose encoded piece is not
// kept. Whether thinking may be on is read from the plan (canThink).
func requestParams(req *llm.Request) (anthropic.MessageNewParams, plan, error) {
	if req.Model == "" {
		return anthropic.MessageNewParams{}, plan{}, errNoModel
	}
	pl, err := planMessages(req.Messages)
	if err != nil {
		return anthropic.MessageNewParams{}, plan{}, err
	}
	p := anthropic.MessageNewParams{
		Model:     anthropic.Model(req.Model),
		MaxTokens: int64(req.MaxTokens),
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
	if err := applyThinking(&p, req, canThink(&pl)); err != nil {
		return anthropic.MessageNewParams{}, plan{}, err
	}
	return p, pl, nil
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

// markCache sets the prompt-caching breakpoint documented in the package
// doc that is not on a message (those are plan.convert's): on the last
// system block, or on the last tool.
func markCache(p *anthropic.MessageNewParams) {
	eph := anthropic.NewCacheControlEphemeralParam()
	if n := len(p.System); n > 0 {
		p.System[n-1].CacheControl = eph
	} else if n := len(p.Tools); n > 0 && p.Tools[n-1].OfTool != nil {
		p.Tools[n-1].OfTool.CacheControl = eph
	}
}
