package gemini

import (
	"cmp"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"google.golang.org/genai"

	"github.com/honecode/hone/internal/llm"
)

// providerType is stamped on reasoning parts this adapter produces, so that
// only this adapter sends them back.
const providerType = "gemini"

// Content roles of the Gemini API.
const (
	roleUser  = "user"
	roleModel = "model"
)

// callRef locates a tool call: its function name and its position among
// all calls of the conversation.
type callRef struct {
	name string
	pos  int
}

// converter turns messages into contents, remembering every tool call so
// that results can be named and ordered.
type converter struct {
	calls map[string]callRef
	out   []*genai.Content
}

// convertMessages maps the conversation onto contents, merging neighbours
// of the same role and putting function responses first, in call order.
func convertMessages(model string, msgs []llm.Message) ([]*genai.Content, error) {
	cv := converter{calls: map[string]callRef{}}
	for i := range msgs {
		if err := cv.add(&msgs[i]); err != nil {
			return nil, fmt.Errorf("message %d: %w", i, err)
		}
	}
	for _, c := range cv.out {
		switch {
		case c.Role == roleUser:
			responsesFirst(c.Parts)
		case strings.Contains(model, "gemini-3"):
			signFirstCall(c.Parts)
		}
	}
	return cv.out, nil
}

func (cv *converter) add(m *llm.Message) error {
	var role string
	var parts []*genai.Part
	switch m.Role {
	case llm.RoleUser, llm.RoleTool:
		role, parts = roleUser, cv.userParts(m)
	case llm.RoleAssistant:
		role, parts = roleModel, cv.modelParts(m)
	default:
		return fmt.Errorf("unknown role %q", m.Role)
	}
	if len(parts) == 0 {
		return nil
	}
	if n := len(cv.out); n > 0 && cv.out[n-1].Role == role {
		cv.out[n-1].Parts = append(cv.out[n-1].Parts, parts...)
		return nil
	}
	cv.out = append(cv.out, &genai.Content{Role: role, Parts: parts})
	return nil
}

// userParts converts a user or tool message: function responses first,
// ordered like the calls they answer, then the images of tool results,
// then text and images.
func (cv *converter) userParts(m *llm.Message) []*genai.Part {
	type response struct {
		pos  int
		part *genai.Part
	}
	var resps []response
	var images, rest []*genai.Part
	for i := range m.Parts {
		p := &m.Parts[i]
		switch p.Type {
		case llm.PartText:
			if p.Text != "" {
				rest = append(rest, &genai.Part{Text: p.Text})
			}
		case llm.PartImage:
			rest = append(rest, inlineData(p))
		case llm.PartToolResult:
			pos := math.MaxInt
			if ref, ok := cv.calls[p.ToolCallID]; ok {
				pos = ref.pos
			}
			resps = append(resps, response{pos, &genai.Part{FunctionResponse: cv.functionResponse(p)}})
			if len(p.Data) > 0 {
				images = append(images, inlineData(p))
			}
		}
	}
	slices.SortStableFunc(resps, func(a, b response) int { return cmp.Compare(a.pos, b.pos) })
	out := make([]*genai.Part, 0, len(resps)+len(images)+len(rest))
	for _, r := range resps {
		out = append(out, r.part)
	}
	return append(append(out, images...), rest...)
}

func (cv *converter) functionResponse(p *llm.Part) *genai.FunctionResponse {
	name := p.ToolName
	if name == "" {
		name = cv.calls[p.ToolCallID].name
	}
	key := "output"
	if p.IsError {
		key = "error"
	}
	return &genai.FunctionResponse{ID: apiID(p.ToolCallID), Name: name, Response: map[string]any{key: p.Text}}
}

// modelParts converts an assistant message; signatures go back on the
// part they came with (see the package doc).
func (cv *converter) modelParts(m *llm.Message) []*genai.Part {
	var out []*genai.Part
	for i := range m.Parts {
		p := &m.Parts[i]
		switch p.Type {
		case llm.PartText:
			if p.Text != "" {
				out = append(out, &genai.Part{Text: p.Text})
			}
		case llm.PartImage:
			out = append(out, inlineData(p))
		case llm.PartReasoning:
			out = appendReasoning(out, p)
		case llm.PartToolCall:
			cv.calls[p.ToolCallID] = callRef{name: p.ToolName, pos: len(cv.calls)}
			out = append(out, &genai.Part{FunctionCall: functionCall(p), ThoughtSignature: decodeSignature(p.Signature)})
		}
	}
	return out
}

// appendReasoning adds a thought part, or puts a text part's signature
// back on the text part before it.
func appendReasoning(out []*genai.Part, p *llm.Part) []*genai.Part {
	if p.Provider != providerType {
		return out
	}
	sig := decodeSignature(p.Signature)
	if p.Text != "" {
		return append(out, &genai.Part{Text: p.Text, Thought: true, ThoughtSignature: sig})
	}
	if n := len(out); n > 0 && sig != nil && out[n-1].Text != "" && !out[n-1].Thought && out[n-1].ThoughtSignature == nil {
		out[n-1].ThoughtSignature = sig
	}
	return out
}

func functionCall(p *llm.Part) *genai.FunctionCall {
	var args map[string]any
	if err := json.Unmarshal([]byte(llm.SendableInput(*p)), &args); err != nil || args == nil {
		args = map[string]any{}
	}
	return &genai.FunctionCall{ID: apiID(p.ToolCallID), Name: p.ToolName, Args: args}
}

func inlineData(p *llm.Part) *genai.Part {
	return &genai.Part{InlineData: &genai.Blob{MIMEType: p.MediaType, Data: p.Data}}
}

// responsesFirst moves function responses to the front of a merged user
// content, keeping the order within each group.
func responsesFirst(parts []*genai.Part) {
	slices.SortStableFunc(parts, func(a, b *genai.Part) int {
		return cmp.Compare(rank(a), rank(b))
	})
}

func rank(p *genai.Part) int {
	if p.FunctionResponse != nil {
		return 0
	}
	return 1
}

// skipSignature is the value Google documents for a function call that
// has no signature of its own (a history made by another model): Gemini 3
// rejects an unsigned call otherwise.
const skipSignature = "skip_thought_signature_validator"

// signFirstCall gives the first function call of a model content the
// skip signature when no call of it is signed.
func signFirstCall(parts []*genai.Part) {
	first := -1
	for i, p := range parts {
		if p.FunctionCall == nil {
			continue
		}
		if p.ThoughtSignature != nil {
			return
		}
		if first < 0 {
			first = i
		}
	}
	if first >= 0 {
		parts[first].ThoughtSignature = []byte(skipSignature)
	}
}

// decodeSignature turns a stored signature back into the bytes the SDK
// sends; nil when absent or not base64.
func decodeSignature(s string) []byte {
	if s == "" {
		return nil
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil
	}
	return b
}
