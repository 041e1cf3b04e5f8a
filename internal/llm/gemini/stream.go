package gemini

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strings"

	"google.golang.org/genai"

	"github.com/honecode/hone/internal/llm"
)

// yieldFunc is the consumer of a Stream.
type yieldFunc = func(llm.Event, error) bool

// decoder turns streamed generateContent responses into llm events.
type decoder struct {
	ids       idSource
	thought   strings.Builder // text of the open reasoning run
	inThought bool
	usage     llm.Usage
	hasUsage  bool
	reason    genai.FinishReason
	message   string // the candidate's finishMessage
	blocked   bool   // the prompt was blocked: no candidates
	calls     int
}

func newDecoder() *decoder { return &decoder{} }

// handle applies one response chunk. It returns false when the consumer
// stopped ranging.
func (d *decoder) handle(resp *genai.GenerateContentResponse, yield yieldFunc) bool {
	if u := resp.UsageMetadata; u != nil {
		d.usage, d.hasUsage = usageOf(u), true
	}
	if pf := resp.PromptFeedback; pf != nil && pf.BlockReason != "" {
		d.blocked = true
	}
	if len(resp.Candidates) == 0 || resp.Candidates[0] == nil {
		return true
	}
	cand := resp.Candidates[0]
	if cand.Content != nil {
		for _, p := range cand.Content.Parts {
			if p != nil && !d.part(p, resp.ResponseID, yield) {
				return false
			}
		}
	}
	if !webResults(cand, yield) {
		return false
	}
	if cand.FinishReason != "" {
		d.reason, d.message = cand.FinishReason, cand.FinishMessage
	}
	return true
}

// part yields the events of one content part.
func (d *decoder) part(p *genai.Part, responseID string, yield yieldFunc) bool {
	sig := encodeSignature(p.ThoughtSignature)
	if p.Thought {
		if p.Text != "" {
			d.inThought = true
			d.thought.WriteString(p.Text)
			if !yield(llm.Event{Type: llm.EventReasoningDelta, Text: p.Text}, nil) {
				return false
			}
		}
		if sig != "" || !d.inThought {
			return d.endThought(sig, yield)
		}
		return true
	}
	if d.inThought && !d.endThought("", yield) {
		return false
	}
	switch {
	case p.FunctionCall != nil:
		return d.call(p.FunctionCall, sig, responseID, yield)
	case p.Text != "":
		if !yield(llm.Event{Type: llm.EventTextDelta, Text: p.Text}, nil) {
			return false
		}
	}
	if sig != "" {
		return yield(llm.Event{Type: llm.EventReasoningEnd, Part: reasoningPart("", sig)}, nil)
	}
	return true
}

// endThought closes the reasoning run, if it has text or a signature.
func (d *decoder) endThought(sig string, yield yieldFunc) bool {
	text := d.thought.String()
	d.thought.Reset()
	d.inThought = false
	if text == "" && sig == "" {
		return true
	}
	return yield(llm.Event{Type: llm.EventReasoningEnd, Part: reasoningPart(text, sig)}, nil)
}

func reasoningPart(text, sig string) *llm.Part {
	return &llm.Part{Type: llm.PartReasoning, Text: text, Signature: sig, Provider: providerType}
}

// call yields a complete function call: Gemini sends each call whole.
func (d *decoder) call(fc *genai.FunctionCall, sig, responseID string, yield yieldFunc) bool {
	d.calls++
	id := d.ids.next(fc.ID, responseID)
	args := encodeArgs(fc.Args)
	if !yield(llm.Event{Type: llm.EventToolCallStart, ToolCallID: id, ToolName: fc.Name}, nil) ||
		!yield(llm.Event{Type: llm.EventToolCallDelta, ToolCallID: id, ToolName: fc.Name, Text: args}, nil) {
		return false
	}
	p := llm.ToolCallPart(id, fc.Name, args)
	p.Signature = sig
	return yield(llm.Event{Type: llm.EventToolCallEnd, ToolCallID: id, ToolName: fc.Name, Part: &p}, nil)
}

// malformedCall is the error of a response the API ended with
// MALFORMED_FUNCTION_CALL: the model wrote a call that is not valid, and
// there is no call to answer. Repeating the request usually succeeds, so
// the kind is retryable; nil for any other response.
func (d *decoder) malformedCall() *llm.Error {
	if d.reason != genai.FinishReasonMalformedFunctionCall {
		return nil
	}
	msg := "the model produced a malformed function call"
	if d.message != "" {
		msg += ": " + d.message
	}
	return &llm.Error{Kind: llm.KindServer, Message: msg}
}

// sawFinish reports whether the stream said it was complete.
func (d *decoder) sawFinish() bool { return d.reason != "" || d.blocked }

// finish closes an open reasoning run, then yields usage and the finish.
func (d *decoder) finish(yield yieldFunc) {
	if d.inThought && !d.endThought("", yield) {
		return
	}
	if d.hasUsage && !yield(llm.Event{Type: llm.EventUsage, Usage: d.usage}, nil) {
		return
	}
	yield(llm.Event{Type: llm.EventFinish, Reason: d.finishReason()}, nil)
}

// finishReason maps the candidate's finish reason (see the package doc).
func (d *decoder) finishReason() llm.FinishReason {
	if d.blocked && d.reason == "" {
		return llm.FinishContentFilter
	}
	switch d.reason {
	case genai.FinishReasonMaxTokens:
		return llm.FinishMaxTokens
	case genai.FinishReasonSafety, genai.FinishReasonRecitation, genai.FinishReasonBlocklist,
		genai.FinishReasonProhibitedContent, genai.FinishReasonSPII, genai.FinishReasonLanguage,
		genai.FinishReasonImageSafety, genai.FinishReasonImageProhibitedContent, genai.FinishReasonImageRecitation:
		return llm.FinishContentFilter
	case genai.FinishReasonUnexpectedToolCall, genai.FinishReasonTooManyToolCalls:
		return llm.FinishError
	}
	if d.calls > 0 {
		return llm.FinishToolUse
	}
	return llm.FinishStop
}

// usageOf converts usage metadata; Input excludes cached tokens.
func usageOf(u *genai.GenerateContentResponseUsageMetadata) llm.Usage {
	return llm.Usage{
		Input:     int64(u.PromptTokenCount) - int64(u.CachedContentTokenCount) + int64(u.ToolUsePromptTokenCount),
		Output:    int64(u.CandidatesTokenCount) + int64(u.ThoughtsTokenCount),
		CacheRead: int64(u.CachedContentTokenCount),
	}
}

// encodeArgs renders call arguments as a JSON object, HTML left unescaped.
func encodeArgs(args map[string]any) string {
	if len(args) == 0 {
		return "{}"
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(args); err != nil {
		return "{}"
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// encodeSignature stores signature bytes as base64 text, as the API
// sends them.
func encodeSignature(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return base64.StdEncoding.EncodeToString(b)
}
