package openai

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/openai/openai-go/v3/shared"

	"github.com/honecode/hone/internal/llm"
)

// buildParams maps req onto Responses API parameters.
func buildParams(req *llm.Request) (responses.ResponseNewParams, error) {
	p := responses.ResponseNewParams{
		Model:   shared.ResponsesModel(req.Model),
		Store:   openai.Bool(false),
		Include: []responses.ResponseIncludable{responses.ResponseIncludableReasoningEncryptedContent},
		Input:   responses.ResponseNewParamsInputUnion{OfInputItemList: inputItems(req.Messages)},
	}
	if len(req.System) > 0 {
		p.Instructions = openai.String(strings.Join(req.System, "\n\n"))
	}
	tools, err := toolParams(req.Tools)
	if err != nil {
		return p, err
	}
	p.Tools = tools
	if req.WebSearch != nil {
		addWebSearch(&p, req.WebSearch)
	}
	if req.MaxTokens > 0 {
		p.MaxOutputTokens = openai.Int(int64(req.MaxTokens))
	}
	if req.Temperature != nil {
		p.Temperature = openai.Float(*req.Temperature)
	}
	if req.TopP != nil {
		p.TopP = openai.Float(*req.TopP)
	}
	if req.ReasoningEffort != "" {
		p.Reasoning = shared.ReasoningParam{
			Effort:  shared.ReasoningEffort(req.ReasoningEffort),
			Summary: shared.ReasoningSummaryAuto,
		}
	}
	if len(req.ProviderOptions) > 0 {
		p.SetExtraFields(req.ProviderOptions)
	}
	return p, nil
}

// toolParams declares the tools as (non-strict) functions.
func toolParams(defs []llm.ToolDef) ([]responses.ToolUnionParam, error) {
	var out []responses.ToolUnionParam
	for _, d := range defs {
		fn := &responses.FunctionToolParam{Name: d.Name, Strict: openai.Bool(false)}
		if d.Description != "" {
			fn.Description = openai.String(d.Description)
		}
		fn.Parameters = map[string]any{"type": "object", "properties": map[string]any{}}
		if len(d.Schema) > 0 {
			fn.Parameters = nil
			if err := json.Unmarshal(d.Schema, &fn.Parameters); err != nil {
				return nil, fmt.Errorf("schema of tool %s: %w", d.Name, err)
			}
		}
		out = append(out, responses.ToolUnionParam{OfFunction: fn})
	}
	return out, nil
}
