package llm

import (
	"bytes"
	"encoding/json"
	"time"
	"unicode/utf8"
)

// fallbackMessage is a trimmed, bounded copy of a body that was not JSON.
func fallbackMessage(body []byte) string {
	body = bytes.TrimSpace(body)
	if len(body) == 0 || body[0] == '{' || body[0] == '[' {
		return ""
	}
	return truncate(string(body))
}

func truncate(s string) string {
	if len(s) <= maxMessageLen {
		return s
	}
	cut := maxMessageLen
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// errorDetail is what parseErrorBody extracts from an error body.
type errorDetail struct {
	message    string
	codes      []string // type, code and status strings, most specific first
	retryDelay time.Duration
}

// parseErrorBody extracts message, codes and retry delay from any of the
// body shapes documented on Classify. Unknown shapes yield a zero value.
func parseErrorBody(body []byte) errorDetail {
	body = bytes.TrimSpace(body)
	if len(body) > 0 && body[0] == '[' {
		var arr []json.RawMessage
		if json.Unmarshal(body, &arr) == nil && len(arr) > 0 {
			body = arr[0]
		}
	}
	var env struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
		Detail  json.RawMessage `json:"detail"`
		Type    string          `json:"type"`
		Code    json.RawMessage `json:"code"`
	}
	if json.Unmarshal(body, &env) != nil {
		return errorDetail{}
	}
	var d errorDetail
	if len(env.Error) > 0 && env.Error[0] == '{' {
		d = parseErrorObject(env.Error)
	} else if s := rawString(env.Error); s != "" {
		d.message = s
	}
	if d.message == "" {
		d.message = env.Message
	}
	if d.message == "" {
		d.message = rawString(env.Detail)
	}
	d.codes = append(d.codes, rawString(env.Code))
	if env.Type != "error" {
		d.codes = append(d.codes, env.Type)
	}
	d.message = truncate(d.message)
	return d
}

// parseErrorObject reads the inner {"message","type","code","status"} object.
func parseErrorObject(raw json.RawMessage) errorDetail {
	var o struct {
		Message string            `json:"message"`
		Type    string            `json:"type"`
		Code    json.RawMessage   `json:"code"`
		Status  string            `json:"status"`
		Details []json.RawMessage `json:"details"`
	}
	if json.Unmarshal(raw, &o) != nil {
		return errorDetail{}
	}
	d := errorDetail{message: o.Message}
	d.codes = []string{rawString(o.Code), o.Type, o.Status}
	d.retryDelay = geminiRetryDelay(o.Details)
	return d
}

// rawString returns a JSON string's value, or a number's text, or "".
func rawString(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	if raw[0] >= '0' && raw[0] <= '9' {
		return string(raw)
	}
	return ""
}
