package anthropic

import (
	"fmt"
	"strings"

	"github.com/anthropics/anthropic-sdk-go"

	"github.com/honecode/hone/internal/llm"
)

// minBudget is the smallest thinking budget the API accepts.
const minBudget = 1024

// effortBudget maps Request.ReasoningEffort to a thinking budget in
// tokens; 0 means no thinking.
func effortBudget(effort string) int64 {
	switch effort {
	case "low":
		return 2048
	case "medium":
		return 8192
	case "high":
		return 24576
	}
	return 0
}

// adaptiveOnly reports whether model takes only adaptive thinking (a
// budget is deprecated for it).
func adaptiveOnly(model string) bool {
	for _, p := range []string{"claude-opus-4-6", "claude-opus-4-7", "claude-opus-4-8", "claude-mythos"} {
		if strings.HasPrefix(model, p) {
			return true
		}
	}
	return false
}

// applyThinking sets thinking and the sampling parameters that depend on
// it, following the rules in the package doc; can is false when the
// history forbids thinking (canThink).
func applyThinking(p *anthropic.MessageNewParams, req *llm.Request, can bool) error {
	on, err := setThinking(p, req, can)
	if err != nil {
		return err
	}
	topK, hasTopK, err := llm.NumberOption(req.ProviderOptions, "top_k")
	if err != nil {
		return err
	}
	if on {
		if req.TopP != nil && *req.TopP >= 0.95 {
			p.TopP = anthropic.Float(*req.TopP)
		}
		return nil
	}
	if req.Temperature != nil {
		p.Temperature = anthropic.Float(*req.Temperature)
	} else if req.TopP != nil {
		p.TopP = anthropic.Float(*req.TopP)
	}
	if hasTopK {
		p.TopK = anthropic.Int(int64(topK))
	}
	return nil
}

// setThinking fills p.Thinking and reports whether thinking is on.
func setThinking(p *anthropic.MessageNewParams, req *llm.Request, can bool) (bool, error) {
	budgetOpt, hasBudget, err := llm.NumberOption(req.ProviderOptions, "thinking_budget")
	if err != nil {
		return false, err
	}
	mode, _ := req.ProviderOptions["thinking"].(string)
	if mode != "" && mode != "adaptive" && mode != "enabled" {
		return false, fmt.Errorf("provider option thinking: unknown mode %q", mode)
	}
	wanted := effortBudget(req.ReasoningEffort) > 0 || hasBudget || mode != ""
	if !wanted || !can {
		return false, nil
	}
	if mode == "adaptive" || adaptiveOnly(req.Model) {
		p.Thinking = anthropic.ThinkingConfigParamUnion{OfAdaptive: &anthropic.ThinkingConfigAdaptiveParam{}}
		if req.ReasoningEffort != "" {
			p.OutputConfig.Effort = anthropic.OutputConfigEffort(req.ReasoningEffort)
		}
		return true, nil
	}
	budget := effortBudget(req.ReasoningEffort)
	if hasBudget {
		budget = int64(budgetOpt)
	}
	if budget == 0 && mode == "enabled" {
		budget = effortBudget("medium")
	}
	if budget >= p.MaxTokens {
		budget = p.MaxTokens / 2
	}
	if budget < minBudget {
		return false, nil
	}
	p.Thinking = anthropic.ThinkingConfigParamUnion{OfEnabled: &anthropic.ThinkingConfigEnabledParam{BudgetTokens: budget}}
	return true, nil
}

// canThink reports whether thinking may be enabled for this history: the
// API requires a continued assistant turn that used tools to start with a
// thinking block once thinking is on. It reads the parts of the last
// assistant API message's sources, as they would be converted: whether
// one is a tool call, and whether the first sent is reasoning (a
// thinking or redacted_thinking block).
func canThink(pl *plan) bool {
	for i := pl.len() - 1; i >= 0; i-- {
		if pl.roles[i] != anthropic.MessageParamRoleAssistant {
			continue
		}
		var first llm.PartType
		usesTools := false
		src := pl.sources(i)
		for j := range src {
			for k := range src[j].Parts {
				p := &src[j].Parts[k]
				if !sent(src[j].Role, p) {
					continue
				}
				if first == "" {
					first = p.Type
				}
				usesTools = usesTools || p.Type == llm.PartToolCall
			}
		}
		return !usesTools || first == llm.PartReasoning
	}
	return true
}
