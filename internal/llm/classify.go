package llm

import (
	"net/http"
	"strconv"
	"strings"
)

// maxMessageLen bounds the provider message kept on an Error.
const maxMessageLen = 500

// Classify turns a failed HTTP response, or an error event received inside
// a stream (pass status 0 and a nil header), into a classified *Error.
//
// The body is read in the shapes the supported providers use:
//
//	OpenAI     {"error":{"message":…,"type":…,"code":…}}
//	Anthropic  {"type":"error","error":{"type":"overloaded_error","message":…}}
//	Gemini     {"error":{"code":429,"message":…,"status":"RESOURCE_EXHAUSTED","details":[…]}}
//	           (also wrapped in a one-element array)
//	others     {"message":…}, {"detail":…}, {"error":"text"}, or plain text
//
// The kind is decided in this order:
//
//  1. HTTP 401, 402 and 403 (or that numeric code in a stream error) are
//     auth or billing whatever the body says: 402 is billing, 401 and 403
//     are billing when the body names a billing problem, else auth. Gateways
//     often wrap these statuses in a generic "server_error" body.
//  2. Context-overflow, billing and bad-key phrases in the message or code
//     ("prompt is too long", "maximum context length", "insufficient_quota",
//     "credit balance", "API key not valid", …), which providers send with
//     generic statuses (400, 429).
//  3. The provider's error type, code or status string.
//  4. The HTTP status.
//
// RetryAfter comes from the retry-after / retry-after-ms headers, or from a
// Gemini RetryInfo detail.
// Provider is left empty: adapters fill it in.
func Classify(status int, h http.Header, body []byte) *Error {
	d := parseErrorBody(body)
	e := &Error{Status: status, Message: d.message}
	if e.Message == "" {
		e.Message = fallbackMessage(body)
	}
	e.Kind = decideKind(status, d)
	if h != nil {
		e.RetryAfter = ParseRetryAfter(h)
	}
	if e.RetryAfter == 0 {
		e.RetryAfter = d.retryDelay
	}
	return e
}

// decideKind applies the order documented on Classify. A generic server
// code yields to a more specific status (503 overloaded, 504 timeout) and
// to an "overloaded" message. In a stream (status 0) a numeric error code
// such as OpenRouter's {"code":502} stands in for the status.
func decideKind(status int, d errorDetail) ErrorKind {
	if status == 0 {
		status = numericCode(d.codes)
	}
	text := kindFromText(d.codes, d.message)
	switch status {
	case http.StatusPaymentRequired:
		return KindBilling
	case http.StatusUnauthorized, http.StatusForbidden:
		if text == KindBilling {
			return KindBilling
		}
		return KindAuth
	}
	if text != "" {
		return text
	}
	ck, sk := kindFromCodes(d.codes), kindFromStatus(status)
	switch {
	case ck == "" && strings.Contains(strings.ToLower(d.message), "overloaded"):
		return KindOverloaded
	case ck == "":
		return sk
	case ck == KindServer && (sk == KindOverloaded || sk == KindTimeout || sk == KindRateLimit):
		return sk
	case ck == KindServer && strings.Contains(strings.ToLower(d.message), "overloaded"):
		return KindOverloaded
	}
	return ck
}

// numericCode returns the first code that is an HTTP status, or 0.
func numericCode(codes []string) int {
	for _, c := range codes {
		if n, err := strconv.Atoi(c); err == nil && n >= 400 && n < 600 {
			return n
		}
	}
	return 0
}

// kindFromText recognises the failures that providers report with a
// generic status: a request that does not fit the context window, an
// account without funds, and a bad API key.
func kindFromText(codes []string, msg string) ErrorKind {
	for _, c := range codes {
		switch c {
		case "context_length_exceeded", "string_above_max_length", "request_too_large":
			return KindContextOverflow
		case "insufficient_quota", "billing_hard_limit_reached", "billing_not_active":
			return KindBilling
		}
	}
	m := strings.ToLower(msg)
	for _, p := range overflowPhrases {
		if strings.Contains(m, p) {
			return KindContextOverflow
		}
	}
	for _, p := range billingPhrases {
		if strings.Contains(m, p) {
			return KindBilling
		}
	}
	for _, p := range authPhrases {
		if strings.Contains(m, p) {
			return KindAuth
		}
	}
	return ""
}

// overflowPhrases are lower-case fragments of context-window errors.
var overflowPhrases = []string{
	"prompt is too long",
	"maximum context length",
	"context window",
	"context length",
	"context_length_exceeded",
	"input is too long",
	"too many tokens",
	"exceeds the maximum number of tokens",
	"input token count",
	"reduce the length of the messages",
}

// billingPhrases are lower-case fragments of out-of-funds errors.
var billingPhrases = []string{
	"credit balance",
	"insufficient balance",
	"insufficient_quota",
	"exceeded your current quota",
	"billing",
	"payment required",
}

// authPhrases are lower-case fragments of bad-key errors that providers
// send as 400s (Gemini's "API key not valid").
var authPhrases = []string{
	"api key not valid",
	"invalid api key",
	"incorrect api key",
	"invalid x-api-key",
	"api key expired",
}

// kindFromCodes maps provider error types, codes and gRPC-style statuses.
func kindFromCodes(codes []string) ErrorKind {
	for _, c := range codes {
		switch strings.ToLower(c) {
		case "rate_limit_error", "rate_limit_exceeded", "rate_limited", "resource_exhausted", "too_many_requests":
			return KindRateLimit
		case "overloaded_error", "overloaded", "unavailable", "service_unavailable", "server_is_overloaded":
			return KindOverloaded
		case "authentication_error", "invalid_api_key", "unauthenticated", "permission_error",
			"permission_denied", "forbidden", "unauthorized":
			return KindAuth
		case "api_error", "server_error", "internal", "internal_error", "internal_server_error":
			return KindServer
		case "timeout", "timeout_error", "deadline_exceeded", "request_timeout":
			return KindTimeout
		case "invalid_request_error", "invalid_argument", "not_found_error", "not_found",
			"failed_precondition", "model_not_found", "invalid_request":
			return KindBadRequest
		}
	}
	return ""
}

// kindFromStatus is the last resort: the HTTP status alone.
func kindFromStatus(status int) ErrorKind {
	switch {
	case status == http.StatusTooManyRequests:
		return KindRateLimit
	case status == 529 || status == http.StatusServiceUnavailable:
		return KindOverloaded
	case status == http.StatusRequestTimeout || status == http.StatusGatewayTimeout:
		return KindTimeout
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return KindAuth
	case status == http.StatusPaymentRequired:
		return KindBilling
	case status == http.StatusRequestEntityTooLarge:
		return KindContextOverflow
	case status >= 500:
		return KindServer
	case status >= 400:
		return KindBadRequest
	}
	return KindUnknown
}
