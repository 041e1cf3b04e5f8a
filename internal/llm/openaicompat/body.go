package openaicompat

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/sdkbody"
)

// encodeBody returns the JSON body of req, the bytes the SDK would send
// for buildParams(req) with "stream": true set (option.WithJSONSet), and
// the encoding to remember for the next request of the conversation.
//
// The SDK's reflective encoder is the definition of the wire format, but
// re-encoding the tools, the system prompt and the whole history on every
// step of a tool loop was most of the time from a tool's result to the
// next request. So each piece is encoded by the SDK on its own: the
// skeleton (every field but messages and tools, with one placeholder in
// each of those two, then "stream" set), each tool and each message. The
// tools and the messages that prev already encoded are copied from it.
// Where the splice cannot be exact (no messages; a provider option named
// like one of the two fields), the whole body is encoded by the SDK.
func encodeBody(req *llm.Request, prev, prevTools *encoding) ([]byte, *encoding, error) {
	system := strings.Join(req.System, "\n\n")
	wire := plan(req.Messages, echoReasoning(req))
	if len(system) > 0 {
		wire = append([]wireMsg{{kind: wireSystem, src: -1}}, wire...)
	}
	if len(wire) == 0 || sdkbody.Clashes(req.ProviderOptions, "messages", "tools") {
		body, err := encodeWhole(req)
		return body, nil, err
	}
	e := &encoding{system: system, key: sdkbody.KeyOf(req)}
	skel, ok, err := e.skeletonFrom(req, prev, prevTools)
	if err != nil || !ok {
		body, err := encodeWhole(req)
		return body, nil, err
	}
	if e.toolsJSON, err = toolsJSON(req.Tools, prevTools); err != nil {
		return nil, nil, err
	}
	e.tools = copyTools(req.Tools, prevTools)
	k := 0
	if prev != nil && prev.system == system {
		k = commonPrefix(prev.msgs, req.Messages)
	}
	e.msgs = copyMessages(req.Messages, prev, k)
	size := len(skel.head) + len(skel.mid) + len(skel.tail) + len(e.toolsJSON) + 2
	if prev != nil {
		size += len(prev.body)
	}
	body := append(make([]byte, 0, size+len(wire)*128), skel.head...)
	e.arrayStart = len(body)
	if body, err = e.appendMessages(body, wire, prev, k); err != nil {
		return nil, nil, err
	}
	body = append(body, skel.mid...)
	body = append(body, e.toolsJSON...)
	e.body = append(body, skel.tail...)
	return e.body, e, nil
}

// skeletonFrom sets e's skeleton, copied from prev or prevTools when one
// has the same key, else encoded (see skeleton) and its key kept (see
// sdkbody.Key.Kept); false when the body cannot be spliced.
func (e *encoding) skeletonFrom(req *llm.Request, prev, prevTools *encoding) (skeletonParts, bool, error) {
	for _, o := range []*encoding{prev, prevTools} {
		if o != nil && o.key.Equal(e.key) {
			e.key, e.skel = o.key, o.skel
			return e.skel, true, nil
		}
	}
	skel, ok, err := skeleton(buildSkeleton(req), len(req.Tools) > 0)
	if ok {
		e.key, e.skel = e.key.Kept(), skel
	}
	return skel, ok, err
}

// wireSystem is the kind of the system message, the first wire message.
const wireSystem wireKind = 255

// echoReasoning reads the provider option that turns reasoning echo off.
func echoReasoning(req *llm.Request) bool {
	if v, ok := req.ProviderOptions[optEchoReasoning].(bool); ok {
		return v
	}
	return true
}

// encodeWhole is the body as the SDK encodes it, in one piece.
func encodeWhole(req *llm.Request) ([]byte, error) {
	p, err := buildParams(req)
	if err != nil {
		return nil, err
	}
	b, err := p.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("encode request: %w", err)
	}
	return sdkbody.SetStream(b)
}

// messageParam builds wire message w of req.
func messageParam(w *wireMsg, system string) openai.ChatCompletionMessageParamUnion {
	if w.kind == wireSystem {
		return openai.SystemMessage(system)
	}
	return w.param()
}

// placeholder marks where the messages and the tools go in the skeleton.
const placeholder = "\x00hone placeholder\x00"

// skeletonParts is the body without its messages and tools arrays: head,
// then the messages array, mid, the tools array (if any), tail.
type skeletonParts struct{ head, mid, tail []byte }

// skeleton encodes p with one placeholder message (and one placeholder
// tool when tools is set) through the SDK, sets "stream", and cuts the
// placeholders out; false when they are not where they belong (exactly
// once each, the messages first).
func skeleton(p openai.ChatCompletionNewParams, tools bool) (skeletonParts, bool, error) {
	p.Messages = []openai.ChatCompletionMessageParamUnion{openai.UserMessage(placeholder)}
	var toolMark []byte
	if tools {
		p.Tools = []openai.ChatCompletionToolUnionParam{openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{Name: placeholder})}
		var err error
		if toolMark, err = sdkbody.Array(p.Tools[0]); err != nil {
			return skeletonParts{}, false, err
		}
	}
	msgMark, err := sdkbody.Array(p.Messages[0])
	if err != nil {
		return skeletonParts{}, false, err
	}
	b, err := p.MarshalJSON()
	if err != nil {
		return skeletonParts{}, false, fmt.Errorf("encode request: %w", err)
	}
	if b, err = sdkbody.SetStream(b); err != nil {
		return skeletonParts{}, false, err
	}
	want := 1
	if tools {
		want = 2
	}
	i := bytes.Index(b, msgMark)
	if i < 0 || bytes.Count(b, []byte("hone placeholder")) != want {
		return skeletonParts{}, false, nil
	}
	s := skeletonParts{head: b[:i], mid: b[i+len(msgMark):]}
	if tools {
		j := bytes.Index(s.mid, toolMark)
		if j < 0 {
			return skeletonParts{}, false, nil
		}
		s.mid, s.tail = s.mid[:j], s.mid[j+len(toolMark):]
	}
	return s, true, nil
}

// toolsJSON is the encoded tools array of defs (nil for none), copied
// from prev when it has the same tools.
func toolsJSON(defs []llm.ToolDef, prev *encoding) ([]byte, error) {
	if len(defs) == 0 {
		return nil, nil
	}
	if prev != nil && toolsEqual(prev.tools, defs) {
		return prev.toolsJSON, nil
	}
	params, err := toolParams(defs)
	if err != nil {
		return nil, err
	}
	b := []byte{'['}
	for i, t := range params {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = sdkbody.Piece(b, t); err != nil {
			return nil, err
		}
	}
	return append(b, ']'), nil
}

// warmEncoders encodes one message of each kind the next request may
// add, once the first answer calls a tool (llm.Warmup): a process's
// first encoding of a type builds the SDK's reflective encoder for it and
// touches its code for the first time, which otherwise falls between a
// tool's result and the next request.
func warmEncoders() {
	call := []llm.Part{llm.Text("a"), {Type: llm.PartReasoning, Text: "r", Provider: ProviderType}, llm.ToolCallPart("c", "t", "{}")}
	wire := []wireMsg{
		{kind: wireAssistant, parts: call, reasoning: true},
		{kind: wireTool, parts: []llm.Part{llm.ToolResult("c", "t", "ok", false)}},
		{kind: wireUser, parts: []llm.Part{llm.Text("a"), {Type: llm.PartImage, MediaType: "image/png", Data: []byte{0}}}},
	}
	for i := range wire {
		_, _ = sdkbody.Piece(nil, wire[i].param())
	}
}
