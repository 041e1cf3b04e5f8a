package openaicompat

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"

	"github.com/honecode/hone/internal/llm"
)

// optEchoReasoning is the provider option that turns reasoning echo off.
const optEchoReasoning = "echo_reasoning"

// buildParams maps req onto Chat Completions parameters.
func buildParams(req *llm.Request) (openai.ChatCompletionNewParams, error) {
	p := buildSkeleton(req)
	if len(req.System) > 0 {
		p.Messages = append(p.Messages, openai.SystemMessage(strings.Join(req.System, "\n\n")))
	}
	p.Messages = append(p.Messages, messages(req.Messages, echoReasoning(req))...)
	tools, err := toolParams(req.Tools)
	if err != nil {
		return p, err
	}
	p.Tools = tools
	return p, nil
}

// buildSkeleton maps every field of req but the messages and the tools.
func buildSkeleton(req *llm.Request) openai.ChatCompletionNewParams {
	p := openai.ChatCompletionNewParams{
		Model:         shared.ChatModel(req.Model),
		StreamOptions: openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)},
	}
	if req.MaxTokens > 0 {
		p.MaxTokens = openai.Int(int64(req.MaxTokens))
	}
	if req.Temperature != nil {
		p.Temperature = openai.Float(*req.Temperature)
	}
	if req.TopP != nil {
		p.TopP = openai.Float(*req.TopP)
	}
	if req.ReasoningEffort != "" {
		p.ReasoningEffort = shared.ReasoningEffort(req.ReasoningEffort)
	}
	if extra := extraFields(req.ProviderOptions); len(extra) > 0 {
		p.SetExtraFields(extra)
	}
	return p
}

// toolParams declares the tools as functions.
func toolParams(defs []llm.ToolDef) ([]openai.ChatCompletionToolUnionParam, error) {
	var out []openai.ChatCompletionToolUnionParam
	for _, d := range defs {
		fn := shared.FunctionDefinitionParam{Name: d.Name}
		if d.Description != "" {
			fn.Description = openai.String(d.Description)
		}
		if len(d.Schema) > 0 {
			if err := json.Unmarshal(d.Schema, &fn.Parameters); err != nil {
				return nil, fmt.Errorf("schema of tool %s: %w", d.Name, err)
			}
		}
		out = append(out, openai.ChatCompletionFunctionTool(fn))
	}
	return out, nil
}

// extraFields are the provider options merged into the body as is.
func extraFields(opts map[string]any) map[string]any {
	var out map[string]any
	for k, v := range opts {
		if k == optEchoReasoning {
			continue
		}
		if out == nil {
			out = map[string]any{}
		}
		out[k] = v
	}
	return out
}
