package anthropic

import (
	"encoding/json"
	"fmt"

	"github.com/anthropics/anthropic-sdk-go"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/sdkbody"
)

// encodeBody returns the JSON body of p, the bytes MessageService.
// NewStreaming would send for it ("stream": true set by
// option.WithJSONSet). msgs are the request's messages and from their
// first index per API message (convertMessages).
//
// The SDK's reflective encoder is the definition of the wire format, but
// encoding the tools, the system prompt and the whole history again at
// every step of a tool loop was most of a step's time (0.8 ms at 36 KB,
// 3 ms at 220 KB). So the SDK encodes each piece on its own, kept in
// c.pieces, and a skeleton of p: every field but messages, tools and
// system, with a placeholder in each of those arrays. Where the splice
// cannot be exact (no messages), the SDK encodes the whole body.
func (c *Client) encodeBody(p anthropic.MessageNewParams, msgs []llm.Message, from []int) ([]byte, error) {
	if len(p.Messages) == 0 {
		return encodeWhole(p)
	}
	arrays, err := c.arrays(&p, msgs, from)
	if err != nil {
		return nil, err
	}
	skel, ok, err := skeleton(p)
	if err != nil || !ok {
		if err == nil {
			return encodeWhole(p)
		}
		return nil, err
	}
	return skel.Fill(arrays[:]), nil
}

// Arrays the skeleton leaves out, in arrays' order.
const (
	arrayMessages = iota
	arrayTools
	arraySystem
)

// arrays returns the encoded elements of the messages, tools and system
// arrays of p, from kept pieces where they exist.
func (c *Client) arrays(p *anthropic.MessageNewParams, msgs []llm.Message, from []int) ([3][][]byte, error) {
	var out [3][][]byte
	var key []byte
	n := len(p.Messages)
	out[arrayMessages] = make([][]byte, n)
	for i := range p.Messages {
		end := len(msgs)
		if i+1 < n {
			end = from[i+1]
		}
		key = messageKey(key[:0], msgs[from[i]:end], i >= n-2)
		raw, err := c.pieces.Get(key, func() ([]byte, error) { return sdkbody.Piece(nil, p.Messages[i]) })
		if err != nil {
			return out, err
		}
		out[arrayMessages][i] = raw
	}
	out[arrayTools] = make([][]byte, len(p.Tools))
	for i, t := range p.Tools {
		enc := func() ([]byte, error) { return sdkbody.Piece(nil, t) }
		var raw []byte
		var err error
		if d, ok := toolDef(t); ok {
			raw, err = c.pieces.Get(sdkbody.ToolKey(sdkbody.AppendFlag(append(key[:0], keyTool), t.OfTool.CacheControl.Type != ""), d), enc)
		} else {
			raw, err = enc() // the web search tool: small, and not kept
		}
		if err != nil {
			return out, err
		}
		out[arrayTools][i] = raw
	}
	out[arraySystem] = make([][]byte, len(p.System))
	for i, s := range p.System {
		raw, err := c.pieces.Get(sdkbody.AppendField(sdkbody.AppendFlag(append(key[:0], keySystem), s.CacheControl.Type != ""), s.Text), func() ([]byte, error) { return sdkbody.Piece(nil, s) })
		if err != nil {
			return out, err
		}
		out[arraySystem][i] = raw
	}
	return out, nil
}

// Key kinds: the first byte of a key.
const (
	keyMessage = 'm'
	keyTool    = 't'
	keySystem  = 's'
)

// messageKey appends to b everything an API message's JSON depends on:
// the messages merged into it (sdkbody.MessagesKey) and whether it is one
// of the last two messages, which carry the cache-control marks
// (markCache).
func messageKey(b []byte, msgs []llm.Message, last bool) []byte {
	return sdkbody.MessagesKey(sdkbody.AppendFlag(append(b, keyMessage), last), msgs)
}

// toolDef is what a tool param was made from (toolParams); false for a
// tool toolParams does not make (web search).
func toolDef(t anthropic.ToolUnionParam) (llm.ToolDef, bool) {
	if t.OfTool == nil {
		return llm.ToolDef{}, false
	}
	schema, _ := t.OfTool.InputSchema.Overrides()
	raw, ok := schema.(json.RawMessage)
	if !ok {
		return llm.ToolDef{}, false
	}
	return llm.ToolDef{Name: t.OfTool.Name, Description: t.OfTool.Description.Value, Schema: raw}, true
}

// encodeWhole is the body as the SDK encodes it, in one piece.
func encodeWhole(p anthropic.MessageNewParams) ([]byte, error) {
	b, err := p.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("encode request: %w", err)
	}
	return sdkbody.SetStream(b)
}

// skeleton encodes p with one placeholder in each non-empty array of
// messages, tools and system, sets "stream", and cuts the placeholder
// arrays out; false when a placeholder is not found exactly once.
func skeleton(p anthropic.MessageNewParams) (sdkbody.Skeleton, bool, error) {
	marks := map[int][]byte{}
	var err error
	p.Messages = []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock(sdkbody.Placeholder(arrayMessages)))}
	if marks[arrayMessages], err = sdkbody.Array(p.Messages[0]); err != nil {
		return sdkbody.Skeleton{}, false, err
	}
	if len(p.Tools) > 0 {
		p.Tools = []anthropic.ToolUnionParam{{OfTool: &anthropic.ToolParam{Name: sdkbody.Placeholder(arrayTools)}}}
		if marks[arrayTools], err = sdkbody.Array(p.Tools[0]); err != nil {
			return sdkbody.Skeleton{}, false, err
		}
	}
	if len(p.System) > 0 {
		p.System = []anthropic.TextBlockParam{{Text: sdkbody.Placeholder(arraySystem)}}
		if marks[arraySystem], err = sdkbody.Array(p.System[0]); err != nil {
			return sdkbody.Skeleton{}, false, err
		}
	}
	b, err := encodeWhole(p)
	if err != nil {
		return sdkbody.Skeleton{}, false, err
	}
	s, ok := sdkbody.Cut(b, marks)
	return s, ok, nil
}

// warmEncoders encodes one message of each kind the next request may add,
// while the first answer streams: a process's first encoding of a type
// builds the SDK's reflective encoder for it and touches its code for
// the first time, which otherwise falls between a tool's result and the
// next request.
func warmEncoders() {
	msgs := []llm.Message{
		{Role: llm.RoleAssistant, Parts: []llm.Part{{Type: llm.PartReasoning, Text: "r", Signature: "s", Provider: providerType}, llm.Text("a"), llm.ToolCallPart("c", "t", "{}")}},
		{Role: llm.RoleTool, Parts: []llm.Part{{Type: llm.PartToolResult, ToolCallID: "c", ToolName: "t", Text: "ok", MediaType: "image/png", Data: []byte{0}}}},
	}
	out, _, err := convertMessages(msgs)
	if err != nil {
		return
	}
	for _, m := range out {
		_, _ = sdkbody.Piece(nil, m)
	}
}
