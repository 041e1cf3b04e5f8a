package anthropic

import (
	"encoding/json"
	"fmt"

	"github.com/anthropics/anthropic-sdk-go"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/sdkbody"
)

// encodeBody returns the JSON body of req, the bytes MessageService.
// NewStreaming would send for its parameters ("stream": true set by
// option.WithJSONSet).
//
// The SDK's reflective encoder is the definition of the wire format, but
// encoding the tools, the system prompt and the whole history again at
// every step of a tool loop was most of a step's time (0.8 ms at 36 KB,
// 3 ms at 220 KB). So the SDK encodes each piece on its own, kept in
// c.pieces, and a skeleton of the parameters: every field but messages,
// tools and system, with a placeholder in each of those arrays, kept in
// c.skeletons (skeletonKey). A message is converted to SDK parameters
// only when its piece is not kept: its key is made from its own parts
// (messageKey); the SDK encodes it with its image data left out
// (encodeMessage). Where the splice cannot be exact (no messages), the SDK
// encodes the whole body.
func (c *Client) encodeBody(req *llm.Request) ([]byte, error) {
	p, pl, err := requestParams(req)
	if err != nil {
		return nil, err
	}
	if pl.len() == 0 {
		p.Messages = pl.all()
		return encodeWhole(p)
	}
	var arrays [3][][]byte
	var key []byte
	if arrays[arrayMessages], key, err = c.messagePieces(&pl, key); err != nil {
		return nil, err
	}
	if arrays[arrayTools], key, err = c.toolPieces(p.Tools, key); err != nil {
		return nil, err
	}
	if arrays[arraySystem], err = c.systemPieces(p.System, key); err != nil {
		return nil, err
	}
	skel, ok, err := c.skeletons.Get(skeletonKey(req, &pl), func() (sdkbody.Skeleton, bool, error) { return skeleton(p) })
	if err != nil {
		return nil, err
	}
	if !ok {
		p.Messages = pl.all()
		return encodeWhole(p)
	}
	return skel.Fill(arrays[:]), nil
}

// skeletonKey is what the skeleton of req is made from: its settings
// (sdkbody.KeyOf) and whether its history lets thinking be on
// (canThink), which with the same settings turns the thinking field on or
// off and changes the sampling fields sent.
func skeletonKey(req *llm.Request, pl *plan) sdkbody.Key {
	if canThink(pl) {
		return sdkbody.KeyOf(req).With(1)
	}
	return sdkbody.KeyOf(req)
}

// Arrays the skeleton leaves out, in encodeBody's arrays' order.
const (
	arrayMessages = iota
	arrayTools
	arraySystem
)

// messagePieces returns the encoded API messages of pl, kept pieces where
// they exist; only the others are converted. key is a buffer for the keys,
// returned for reuse.
func (c *Client) messagePieces(pl *plan, key []byte) ([][]byte, []byte, error) {
	out := make([][]byte, pl.len())
	for i := range out {
		key = messageKey(key[:0], pl.sources(i), pl.marked(i))
		raw, err := c.pieces.Get(key, func() ([]byte, error) { return encodeMessage(pl.convert(i)) })
		if err != nil {
			return nil, key, err
		}
		out[i] = raw
	}
	return out, key, nil
}

// toolPieces returns the encoded tools, kept pieces where they exist.
func (c *Client) toolPieces(tools []anthropic.ToolUnionParam, key []byte) ([][]byte, []byte, error) {
	out := make([][]byte, len(tools))
	for i, t := range tools {
		enc := func() ([]byte, error) { return sdkbody.Piece(nil, t) }
		var raw []byte
		var err error
		if d, ok := toolDef(t); ok {
			key = sdkbody.ToolKey(sdkbody.AppendFlag(append(key[:0], keyTool), t.OfTool.CacheControl.Type != ""), d)
			raw, err = c.pieces.Get(key, enc)
		} else {
			raw, err = enc() // the web search tool: small, and not kept
		}
		if err != nil {
			return nil, key, err
		}
		out[i] = raw
	}
	return out, key, nil
}

// systemPieces returns the encoded system blocks, kept pieces where they
// exist.
func (c *Client) systemPieces(system []anthropic.TextBlockParam, key []byte) ([][]byte, error) {
	out := make([][]byte, len(system))
	for i, s := range system {
		key = sdkbody.AppendField(sdkbody.AppendFlag(append(key[:0], keySystem), s.CacheControl.Type != ""), s.Text)
		raw, err := c.pieces.Get(key, func() ([]byte, error) { return sdkbody.Piece(nil, s) })
		if err != nil {
			return nil, err
		}
		out[i] = raw
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
// the messages merged into it (sdkbody.MessagesKey, their parts as Hone
// holds them) and whether it carries a cache-control mark (plan.marked),
// so that a piece kept while its message was one of the last two is not
// sent with a stale mark later.
func messageKey(b []byte, msgs []llm.Message, marked bool) []byte {
	return sdkbody.MessagesKey(sdkbody.AppendFlag(append(b, keyMessage), marked), msgs)
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
// once the first answer calls a tool (llm.Warmup): a process's first
// encoding of a type builds the SDK's reflective encoder for it and
// touches its code for the first time, which otherwise falls between a
// tool's result and the next request.
func warmEncoders() {
	msgs := []llm.Message{
		{Role: llm.RoleAssistant, Parts: []llm.Part{{Type: llm.PartReasoning, Text: "r", Signature: "s", Provider: providerType}, llm.Text("a"), llm.ToolCallPart("c", "t", "{}")}},
		{Role: llm.RoleTool, Parts: []llm.Part{{Type: llm.PartToolResult, ToolCallID: "c", ToolName: "t", Text: "ok", MediaType: "image/png", Data: []byte{0}}}},
	}
	pl, err := planMessages(msgs)
	if err != nil {
		return
	}
	for _, m := range pl.all() {
		_, _ = sdkbody.Piece(nil, m)
	}
}
