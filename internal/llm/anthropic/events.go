package anthropic

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/anthropics/anthropic-sdk-go"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/jsonscan"
	"github.com/honecode/hone/internal/llm/sse"
)

// read decodes the event stream of a successful response. It reads the
// events the way the SDK's stream does (ping and untyped events skipped,
// an error event ends the stream), but decodes the common text delta in
// one pass (textDelta) and only the other events into the SDK's event
// union.
func (c *Client) read(ctx context.Context, body io.Reader, yield yieldFunc) {
	events := sse.NewReader(body)
	var dec decoder
	var ev anthropic.MessageStreamEventUnion
	for events.Next() {
		data := bytes.TrimSuffix(events.Data(), []byte("\n"))
		switch typ := events.Type(); {
		case typ == "ping" || typ == "" || len(data) == 0:
			continue
		case typ == "error":
			e := llm.Classify(0, nil, data)
			e.Err = fmt.Errorf("error event: %s", data)
			yield(llm.Event{}, c.fail(e))
			return
		}
		if i, text, ok := textDelta(data); ok {
			if !dec.delta(i, &anthropic.MessageStreamEventUnionDelta{Type: "text_delta", Text: text}, yield) {
				return
			}
			continue
		}
		ev = anthropic.MessageStreamEventUnion{}
		if err := json.Unmarshal(data, &ev); err != nil {
			yield(llm.Event{}, c.classify(ctx, err))
			return
		}
		if !dec.handle(&ev, yield) || dec.finished {
			return
		}
	}
	if err := events.Err(); err != nil {
		yield(llm.Event{}, c.classify(ctx, err))
		return
	}
	yield(llm.Event{}, c.fail(errTruncated()))
}

// textDelta reads the event that carries almost every byte of an answer,
// {"type":"content_block_delta","index":N,"delta":{"type":"text_delta",
// "text":"…"}}, in one pass. ok is false for anything else (other fields
// included), which the caller decodes with the SDK.
func textDelta(data []byte) (index int64, text string, ok bool) {
	s := jsonscan.New(data)
	if !s.Object() {
		return 0, "", false
	}
	var typ, delta bool
	for ok = true; ok; {
		k, esc, more := s.Key()
		if !more {
			break
		}
		switch {
		case esc:
			ok = false
		case string(k) == "type" && !typ:
			typ, ok = true, isString(s, "content_block_delta")
		case string(k) == "index":
			var n int
			n, ok = s.Int()
			index = int64(n)
		case string(k) == "delta" && !delta:
			delta = true
			text, ok = textDeltaBody(s)
		default:
			ok = false
		}
	}
	ok = ok && typ && delta && s.Done()
	return index, text, ok
}

// textDeltaBody reads {"type":"text_delta","text":"…"}.
func textDeltaBody(s *jsonscan.Scanner) (text string, ok bool) {
	if !s.Object() {
		return "", false
	}
	var typ, seen bool
	for ok = true; ok; {
		k, esc, more := s.Key()
		if !more {
			break
		}
		switch {
		case esc:
			ok = false
		case string(k) == "type" && !typ:
			typ, ok = true, isString(s, "text_delta")
		case string(k) == "text" && !seen:
			seen = true
			text, ok = s.Text()
		default:
			ok = false
		}
	}
	return text, ok && typ && seen && s.OK()
}

// isString reads a string value and reports whether it is want.
func isString(s *jsonscan.Scanner, want string) bool {
	raw, plain, ok := s.String()
	return ok && plain && string(raw[1:len(raw)-1]) == want
}
