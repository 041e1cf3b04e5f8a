package openai

import (
	"fmt"

	"github.com/openai/openai-go/v3/responses"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/sdkbody"
)

// Arrays the skeleton leaves out.
const (
	arrayInput = iota
	arrayTools
)

// Key kinds: the first byte of a key.
const (
	keyMessage = 'i'
	keyTool    = 't'
)

// encodeBody returns the JSON body of req, the bytes the SDK sends for
// buildParams(req) with "stream": true set (option.WithJSONSet).
//
// The SDK's reflective encoder is the definition of the wire format, but
// encoding the tools (each schema parsed into a map first), the
// instructions and the whole history again at every step of a tool loop
// was most of a step's time (1 ms at 36 KB, 3.2 ms at 216 KB). So the
// SDK encodes each message's input items and each tool on its own, kept
// in c.pieces by what they are made from, and a skeleton of the rest with
// a placeholder in the input and tools arrays, kept in c.skeletons by the
// request's settings (sdkbody.Key). Where the splice cannot be exact (no
// messages; a provider option named like one of those fields), the SDK
// encodes the whole body.
func (c *Client) encodeBody(req *llm.Request) ([]byte, error) {
	if len(req.Messages) == 0 || sdkbody.Clashes(req.ProviderOptions, "input", "tools") {
		return encodeWhole(req)
	}
	skel, ok, err := c.skeletons.Get(sdkbody.KeyOf(req), func() (sdkbody.Skeleton, bool, error) {
		return skeleton(req, len(req.Tools) > 0 || req.WebSearch != nil)
	})
	if err != nil {
		return nil, err
	}
	if !ok {
		return encodeWhole(req)
	}
	arrays, err := c.arrays(req)
	if err != nil {
		return nil, err
	}
	if len(arrays[arrayInput]) == 0 {
		return encodeWhole(req)
	}
	return skel.Fill(arrays[:]), nil
}

// arrays are the encoded elements of the input and tools arrays of req,
// the kept ones from c.pieces.
func (c *Client) arrays(req *llm.Request) ([2][][]byte, error) {
	var arrays [2][][]byte
	var key []byte
	for i := range req.Messages {
		m := req.Messages[i : i+1]
		raw, err := c.pieces.Get(sdkbody.MessagesKey(append(key[:0], keyMessage), m), func() ([]byte, error) { return encodeItems(m) })
		if err != nil {
			return arrays, err
		}
		if len(raw) > 0 { // a message with no items (only foreign reasoning)
			arrays[arrayInput] = append(arrays[arrayInput], raw)
		}
	}
	for _, d := range req.Tools {
		raw, err := c.pieces.Get(sdkbody.ToolKey(append(key[:0], keyTool), d), func() ([]byte, error) {
			t, err := toolParam(d)
			if err != nil {
				return nil, err
			}
			return sdkbody.Piece(nil, t)
		})
		if err != nil {
			return arrays, err
		}
		arrays[arrayTools] = append(arrays[arrayTools], raw)
	}
	if req.WebSearch != nil {
		raw, err := sdkbody.Piece(nil, webSearchTool(req.WebSearch))
		if err != nil {
			return arrays, err
		}
		arrays[arrayTools] = append(arrays[arrayTools], raw)
	}
	return arrays, nil
}

// encodeItems is the input items of one message, each as the SDK embeds
// it, separated by commas; empty for none.
func encodeItems(m []llm.Message) ([]byte, error) {
	var b []byte
	var err error
	for i, it := range inputItems(m) {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = sdkbody.Piece(b, it); err != nil {
			return nil, err
		}
	}
	if b == nil {
		b = []byte{}
	}
	return b, nil
}

// skeleton encodes req's parameters with one placeholder item in the
// input and, when tools is set, one placeholder tool, sets "stream", and
// cuts the placeholder arrays out; false when a placeholder is not found
// exactly once.
func skeleton(req *llm.Request, tools bool) (sdkbody.Skeleton, bool, error) {
	p := baseParams(req)
	marks := map[int][]byte{}
	item := responses.ResponseInputItemParamOfMessage(sdkbody.Placeholder(arrayInput), responses.EasyInputMessageRoleUser)
	p.Input = responses.ResponseNewParamsInputUnion{OfInputItemList: responses.ResponseInputParam{item}}
	var err error
	if marks[arrayInput], err = sdkbody.Array(item); err != nil {
		return sdkbody.Skeleton{}, false, err
	}
	if tools {
		t, err := toolParam(llm.ToolDef{Name: sdkbody.Placeholder(arrayTools)})
		if err != nil {
			return sdkbody.Skeleton{}, false, err
		}
		p.Tools = []responses.ToolUnionParam{t}
		if marks[arrayTools], err = sdkbody.Array(t); err != nil {
			return sdkbody.Skeleton{}, false, err
		}
	}
	b, err := encodeParams(p)
	if err != nil {
		return sdkbody.Skeleton{}, false, err
	}
	s, ok := sdkbody.Cut(b, marks)
	return s, ok, nil
}

// encodeWhole is the body as the SDK encodes it, in one piece.
func encodeWhole(req *llm.Request) ([]byte, error) {
	p, err := buildParams(req)
	if err != nil {
		return nil, err
	}
	return encodeParams(p)
}

// encodeParams is p encoded with "stream" set.
func encodeParams(p responses.ResponseNewParams) ([]byte, error) {
	b, err := p.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("encode request: %w", err)
	}
	return sdkbody.SetStream(b)
}

// warmEncoders encodes one input item of each kind the next request may
// add, once the first answer calls a tool (llm.Warmup): a process's first
// encoding of a type builds the SDK's reflective encoder for it and
// touches its code for the first time, which otherwise falls between a
// tool's result and the next request.
func warmEncoders() {
	_, _ = encodeItems([]llm.Message{
		{Role: llm.RoleAssistant, Parts: []llm.Part{{Type: llm.PartReasoning, Text: "r", Encrypted: "e", ReasoningID: "rs", Provider: ProviderType}, llm.Text("a"), llm.ToolCallPart("c", "t", "{}")}},
	})
	_, _ = encodeItems([]llm.Message{
		{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("c", "t", "ok", false), {Type: llm.PartToolResult, ToolCallID: "d", Text: "i", MediaType: "image/png", Data: []byte{0}}}},
	})
}
