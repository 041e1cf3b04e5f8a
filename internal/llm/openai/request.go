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
	p := baseParams(req)
	p.Input = responses.ResponseNewParamsInputUnion{OfInputItemList: inputItems(req.Messages)}
	tools, err := toolParams(req.Tools)
	if err != nil {
		return p, err
	}
	p.Tools = tools
	if req.WebSearch != nil {
		p.Tools = append(p.Tools, webSearchTool(req.WebSearch))
	}
	return p, nil
}

// baseParams is buildParams without the input items and the tools.
func baseParams(req *llm.Request) responses.ResponseNewParams {
	p := responses.ResponseNewParams{
		Model:   shared.ResponsesModel(req.Model),
		Store:   openai.Bool(false),
		Include: []responses.ResponseIncludable{responses.ResponseIncludableReasoningEncryptedContent},
	}
	if len(req.System) > 0 {
		p.Instructions = openai.String(strings.Join(req.System, "\n\n"))
	}
	if req.WebSearch != nil {
		p.Include = append(p.Include, responses.ResponseIncludableWebSearchCallActionSources)
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
	return p
}

// toolParams declares the tools as (non-strict) functions.
func toolParams(defs []llm.ToolDef) ([]responses.ToolUnionParam, error) {
	var out []responses.ToolUnionParam
	for _, d := range defs {
		t, err := toolParam(d)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// toolParam declares one tool as a (non-strict) function.
func toolParam(d llm.ToolDef) (responses.ToolUnionParam, error) {
	fn := &responses.FunctionToolParam{Name: d.Name, Strict: openai.Bool(false)}
	if d.Description != "" {
		fn.Description = openai.String(d.Description)
	}
	fn.Parameters = map[string]any{"type": "object", "properties": map[string]any{}}
	if len(d.Schema) > 0 {
		fn.Parameters = nil
		if err := json.Unmarshal(d.Schema, &fn.Parameters); err != nil {
			return responses.ToolUnionParam{}, fmt.Errorf("schema of tool %s: %w", d.Name, err)
		}
	}
	return responses.ToolUnionParam{OfFunction: fn}, nil
}
