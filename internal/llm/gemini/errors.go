package gemini

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"google.golang.org/genai"

	"github.com/honecode/hone/internal/llm"
)

// classify turns an error of the SDK's stream into an *llm.Error, using
// what the transport captured of the HTTP exchange.
func (c *Client) classify(ctx context.Context, capt *capture, err error) *llm.Error {
	if ctx.Err() != nil {
		return c.fail(llm.ContextError(ctx))
	}
	if capt.status >= 400 {
		e := llm.Classify(capt.status, capt.header, capt.body)
		refine(e, capt.status, capt.body)
		e.Err = err
		return c.fail(e)
	}
	var apiErr genai.APIError
	if errors.As(err, &apiErr) {
		// An error object inside a 200 stream.
		body, _ := json.Marshal(struct {
			Error genai.APIError `json:"error"`
		}{apiErr})
		e := llm.Classify(0, nil, body)
		refine(e, apiErr.Code, body)
		e.Err = err
		return c.fail(e)
	}
	if capt.readErr != nil {
		return c.fail(llm.TransportError(ctx, capt.readErr))
	}
	return c.fail(llm.TransportError(ctx, err))
}

// refine corrects llm.Classify for two Gemini habits: a bad API key is a
// 400 INVALID_ARGUMENT whose ErrorInfo reason says so, and a per-minute
// quota is a 429 whose message talks about quota and billing but which
// carries a retry delay.
func refine(e *llm.Error, status int, body []byte) {
	for _, r := range errorReasons(body) {
		if strings.HasPrefix(r, "API_KEY_") || r == "ACCESS_TOKEN_EXPIRED" {
			e.Kind = llm.KindAuth
			return
		}
	}
	if e.Kind == llm.KindBilling && status == http.StatusTooManyRequests && e.RetryAfter > 0 {
		e.Kind = llm.KindRateLimit
	}
}

// errorReasons lists the reasons of the google.rpc.ErrorInfo details of an
// error body (a bare object or one wrapped in an array).
func errorReasons(body []byte) []string {
	body = bytes.TrimSpace(body)
	if len(body) > 0 && body[0] == '[' {
		var arr []json.RawMessage
		if json.Unmarshal(body, &arr) != nil || len(arr) == 0 {
			return nil
		}
		body = arr[0]
	}
	var env struct {
		Error struct {
			Details []struct {
				Type   string `json:"@type"`
				Reason string `json:"reason"`
			} `json:"details"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &env) != nil {
		return nil
	}
	var out []string
	for _, d := range env.Error.Details {
		if strings.HasSuffix(d.Type, "ErrorInfo") && d.Reason != "" {
			out = append(out, d.Reason)
		}
	}
	return out
}
