package gemini

import (
	"encoding/json"
	"net/http"
	"os"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
	"github.com/honecode/hone/internal/llm/remote"
)

func TestConformance(t *testing.T) {
	t.Parallel()
	llmtest.Run(t, harness(t, func(baseURL string, c *http.Client) llm.Provider {
		return newTestClient(baseURL, c)
	}))
}

// TestConformanceThroughHelper runs the suite against the client as hone
// runs it: in a helper process (this test binary, serving remote.Serve),
// whose every HTTP request goes back to this process's client.
func TestConformanceThroughHelper(t *testing.T) {
	t.Parallel()
	host := remote.NewHost([]string{os.Args[0], helperArg}, nil)
	t.Cleanup(func() { _ = host.Close() })
	llmtest.Run(t, harness(t, func(baseURL string, c *http.Client) llm.Provider {
		return host.Provider(remote.Spec{Type: SpecType, Name: "test-gemini", BaseURL: baseURL, APIKey: "test-key"}, c)
	}))
}

// harness is the conformance harness of the Gemini client that newClient
// builds.
func harness(t *testing.T, newClient func(string, *http.Client) llm.Provider) llmtest.Harness {
	return llmtest.Harness{
		New:               newClient,
		Model:             "gemini-2.5-flash",
		Text:              fixture(t, "text"),
		Usage:             fixture(t, "usage"),
		WantUsage:         llm.Usage{Input: 4000, Output: 170, CacheRead: 8000},
		ToolCall:          fixture(t, "tool_call"),
		ParallelToolCalls: fixture(t, "parallel_tool_calls"),
		Reasoning:         fixture(t, "thinking"),
		// Gemini sends arguments parsed; a broken call arrives only as
		// finishReason MALFORMED_FUNCTION_CALL, which is a retryable error.
		MalformedToolCall:    fixture(t, "malformed_function_call"),
		MalformedAsError:     llm.KindServer,
		DuplicateToolCallIDs: fixtureDuplicateIDs(t),
		LongText:             fixtureLongText(t),
		Stall:                fixture(t, "stall"),
		Errors:               errorCases(t),
		CheckRequest:         checkRichRequest,
		ReasoningEcho:        checkThoughtEcho,
	}
}

// errorCases are the API's documented error responses (google.rpc.Status
// bodies).
func errorCases(t *testing.T) []llmtest.ErrorCase {
	status := func(code int, st, msg string) string {
		b, _ := json.Marshal(map[string]any{"error": map[string]any{"code": code, "message": msg, "status": st}})
		return string(b)
	}
	return []llmtest.ErrorCase{
		{Kind: llm.KindRateLimit, Response: llmtest.JSONError(429,
			`{"error":{"code":429,"message":"You exceeded your current quota, please check your plan and billing details.","status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"7s"}]}}`,
			"retry-after", "7")},
		{Name: "rate_limit_retry_info", Kind: llm.KindRateLimit, Response: llmtest.JSONError(429,
			status(429, "RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check quota)."))},
		{Kind: llm.KindOverloaded, Response: llmtest.JSONError(503, status(503, "UNAVAILABLE", "The model is overloaded. Please try again later."))},
		{Name: "overloaded_midstream", Kind: llm.KindOverloaded, Response: fixture(t, "error_midstream")},
		{Kind: llm.KindServer, Response: llmtest.JSONError(500, status(500, "INTERNAL", "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting"))},
		{Kind: llm.KindAuth, Response: llmtest.JSONError(400,
			`{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID","domain":"googleapis.com"}]}}`)},
		{Name: "gateway_401_internal", Kind: llm.KindAuth, Response: llmtest.JSONError(401, status(401, "INTERNAL", "Internal error encountered."))},
		{Name: "permission_denied", Kind: llm.KindAuth, Response: llmtest.JSONError(403, status(403, "PERMISSION_DENIED", "Permission denied: Consumer 'api_key:x' has been suspended."))},
		{Kind: llm.KindBilling, Response: llmtest.JSONError(400, status(400, "FAILED_PRECONDITION", "Gemini API free tier is not available in your country. Please enable billing on your project in Google AI Studio."))},
		{Kind: llm.KindContextOverflow, Response: llmtest.JSONError(400, status(400, "INVALID_ARGUMENT", "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576)."))},
		{Kind: llm.KindBadRequest, Response: llmtest.JSONError(400, status(400, "INVALID_ARGUMENT", "Invalid JSON payload received. Unknown name \"foo\": Cannot find field."))},
		{Name: "not_found", Kind: llm.KindBadRequest, Response: llmtest.JSONError(404, status(404, "NOT_FOUND", "models/gemini-0 is not found for API version v1beta"))},
	}
}
