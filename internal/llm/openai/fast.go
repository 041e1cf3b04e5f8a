package openai

import (
	"strings"

	"github.com/honecode/hone/internal/llm/jsonscan"
)

// eventFields are the JSON names of event's fields: encoding/json matches
// a key to them case-insensitively.
var eventFields = [...]string{"type", "item_id", "summary_index", "delta", "item", "response"}

// textDelta reads the event that carries almost every byte of an answer,
// {"type":"response.output_text.delta", …, "delta":"…"} (or a refusal
// delta), in one pass, into what json.Unmarshal would give frame: the
// type and the delta. ok is false for any other event and for anything
// encoding/json would read differently (a field of another type, a
// case-folded or repeated name); frame then decodes it with
// json.Unmarshal.
func textDelta(data []byte) (ev event, ok bool) {
	s := jsonscan.New(data)
	if !s.Object() {
		return event{}, false
	}
	var typ, delta bool
	for ok = true; ok; {
		k, esc, more := s.Key()
		if !more {
			break
		}
		name := string(k)
		switch {
		case esc:
			ok = false
		case name == "type" && !typ:
			typ = true
			ev.Type, ok = deltaType(s)
		case name == "delta" && !delta:
			delta = true
			ev.Delta, ok = s.Text()
		case name == "item_id" && ev.ItemID == "":
			ev.ItemID, ok = s.Text()
		default:
			ok = !folds(name) && s.Skip() != nil
		}
	}
	return ev, ok && typ && s.Done()
}

// deltaType reads the type of a text or refusal delta (a constant, so
// nothing is allocated); ok is false for any other type.
func deltaType(s *jsonscan.Scanner) (string, bool) {
	raw, plain, ok := s.String()
	if !ok || !plain {
		return "", false
	}
	switch string(raw[1 : len(raw)-1]) {
	case "response.output_text.delta":
		return "response.output_text.delta", true
	case "response.refusal.delta":
		return "response.refusal.delta", true
	}
	return "", false
}

// folds reports whether key names one of event's fields, as encoding/json
// would match it.
func folds(key string) bool {
	for _, f := range eventFields {
		if strings.EqualFold(key, f) {
			return true
		}
	}
	return false
}
