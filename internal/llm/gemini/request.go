package gemini

import (
	"encoding/json"
	"errors"
	"strings"

	"google.golang.org/genai"

	"github.com/honecode/hone/internal/llm"
)

// errNoModel is returned for a request without a model id.
var errNoModel = errors.New("request has no model")

// emptySchema is sent for a tool without a parameter schema.
const emptySchema = `{"type":"object","properties":{}}`

// buildRequest maps a neutral request onto contents and a generation
// config.
func buildRequest(req *llm.Request) ([]*genai.Content, *genai.GenerateContentConfig, error) {
	if req.Model == "" {
		return nil, nil, errNoModel
	}
	contents, err := convertMessages(req.Model, req.Messages)
	if err != nil {
		return nil, nil, err
	}
	cfg := &genai.GenerateContentConfig{
		SystemInstruction:     systemInstruction(req.System),
		Tools:                 tools(req.Tools),
		MaxOutputTokens:       int32(req.MaxTokens),
		AutomaticContinuation: genai.Ptr(false),
	}
	if req.Temperature != nil {
		cfg.Temperature = genai.Ptr(float32(*req.Temperature))
	}
	if req.TopP != nil {
		cfg.TopP = genai.Ptr(float32(*req.TopP))
	}
	addWebSearch(cfg, req.WebSearch)
	if err := applyOptions(cfg, req); err != nil {
		return nil, nil, err
	}
	if len(req.Headers) > 0 {
		cfg.HTTPOptions = &genai.HTTPOptions{Headers: headers(req.Headers)}
	}
	return contents, cfg, nil
}

func systemInstruction(sys []string) *genai.Content {
	var parts []*genai.Part
	for _, s := range sys {
		if s != "" {
			parts = append(parts, &genai.Part{Text: s})
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return &genai.Content{Parts: parts}
}

// tools declares every tool in one genai.Tool, schemas as JSON Schema.
func tools(defs []llm.ToolDef) []*genai.Tool {
	if len(defs) == 0 {
		return nil
	}
	decls := make([]*genai.FunctionDeclaration, 0, len(defs))
	for _, d := range defs {
		schema := json.RawMessage(d.Schema)
		if len(schema) == 0 {
			schema = json.RawMessage(emptySchema)
		}
		decls = append(decls, &genai.FunctionDeclaration{
			Name:                 d.Name,
			Description:          d.Description,
			ParametersJsonSchema: schema,
		})
	}
	return []*genai.Tool{{FunctionDeclarations: decls}}
}

// effortBudget maps Request.ReasoningEffort to a thinking budget in
// tokens; 0 means none.
func effortBudget(effort string) int32 {
	switch effort {
	case "low":
		return 1024
	case "medium":
		return 8192
	case "high":
		return 24576
	}
	return 0
}

// applyOptions sets thinking and the provider options documented in the
// package doc.
func applyOptions(cfg *genai.GenerateContentConfig, req *llm.Request) error {
	opts := req.ProviderOptions
	budget, hasBudget, err := llm.NumberOption(opts, "thinking_budget")
	if err != nil {
		return err
	}
	if topK, ok, err := llm.NumberOption(opts, "top_k"); err != nil {
		return err
	} else if ok {
		cfg.TopK = genai.Ptr(float32(topK))
	}
	level, _ := opts["thinking_level"].(string)
	switch {
	case level != "":
		cfg.ThinkingConfig = &genai.ThinkingConfig{IncludeThoughts: true, ThinkingLevel: genai.ThinkingLevel(strings.ToUpper(level))}
	case hasBudget:
		cfg.ThinkingConfig = &genai.ThinkingConfig{IncludeThoughts: budget != 0, ThinkingBudget: genai.Ptr(int32(budget))}
	case effortBudget(req.ReasoningEffort) != 0:
		b := effortBudget(req.ReasoningEffort)
		cfg.ThinkingConfig = &genai.ThinkingConfig{IncludeThoughts: true, ThinkingBudget: genai.Ptr(b)}
	}
	return nil
}
