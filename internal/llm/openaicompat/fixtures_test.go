package openaicompat

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/honecode/hone/internal/llm/llmtest"
)

// Fixtures in the Chat Completions streaming format, written from the
// public API reference: one chat.completion.chunk per data frame, a final
// usage chunk with empty choices (stream_options.include_usage), then
// data: [DONE].

const chunkHead = `{"id":"chatcmpl-test","object":"chat.completion.chunk","created":1760000000,"model":"test-model","choices":[`

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// frame is one data frame carrying delta (a JSON object) and an optional
// finish reason.
func frame(delta, finish string) string {
	f := "null"
	if finish != "" {
		f = quote(finish)
	}
	return "data: " + chunkHead + `{"index":0,"delta":` + delta + `,"logprobs":null,"finish_reason":` + f + "}]}\n\n"
}

func roleFrame() string         { return frame(`{"role":"assistant","content":""}`, "") }
func textFrame(s string) string { return frame(`{"content":`+quote(s)+`}`, "") }
func thinkFrame(s string) string {
	return frame(`{"content":null,"reasoning_content":`+quote(s)+`}`, "")
}
func finishFrame(r string) string { return frame(`{}`, r) }
func doneFrame() string           { return "data: [DONE]\n\n" }
func toolStart(i int, id, name string) string {
	return frame(`{"tool_calls":[{"index":`+strconv.Itoa(i)+`,"id":`+quote(id)+`,"type":"function","function":{"name":`+quote(name)+`,"arguments":""}}]}`, "")
}
func toolArgs(i int, args string) string {
	return frame(`{"tool_calls":[{"index":`+strconv.Itoa(i)+`,"function":{"arguments":`+quote(args)+`}}]}`, "")
}

func usageFrame(prompt, completion, cached int) string {
	return "data: " + `{"id":"chatcmpl-test","object":"chat.completion.chunk","created":1760000000,"model":"test-model","choices":[],"usage":{"prompt_tokens":` +
		strconv.Itoa(prompt) + `,"completion_tokens":` + strconv.Itoa(completion) + `,"total_tokens":` + strconv.Itoa(prompt+completion) +
		`,"prompt_tokens_details":{"cached_tokens":` + strconv.Itoa(cached) + `}}}` + "\n\n"
}

// pieces cuts s into n-byte pieces.
func pieces(s string, n int) []string {
	var out []string
	for len(s) > n {
		out = append(out, s[:n])
		s = s[n:]
	}
	return append(out, s)
}

// argFrames streams args for call i in 3-byte deltas.
func argFrames(i int, args string) []string {
	var out []string
	for _, p := range pieces(args, 3) {
		out = append(out, toolArgs(i, p))
	}
	return out
}

func stream(frames ...[]string) llmtest.Response {
	var all []string
	for _, f := range frames {
		all = append(all, f...)
	}
	return llmtest.Stream(all...)
}

func textFrames(s string) []string {
	var out []string
	for _, w := range strings.SplitAfter(s, " ") {
		out = append(out, textFrame(w))
	}
	return out
}

func fixtureText() llmtest.Response {
	return stream([]string{roleFrame()}, textFrames(llmtest.TextAnswer),
		[]string{finishFrame("stop"), usageFrame(20, 7, 0), doneFrame()})
}

func fixtureUsage() llmtest.Response {
	return stream([]string{roleFrame(), textFrame("ok"), finishFrame("stop"), usageFrame(1200, 30, 1000), doneFrame()})
}

func fixtureToolCall() llmtest.Response {
	return stream([]string{roleFrame(), toolStart(0, "call_weather_1", llmtest.ToolName)},
		argFrames(0, llmtest.ToolArgs), []string{finishFrame("tool_calls"), usageFrame(50, 20, 0), doneFrame()})
}

func fixtureParallel() llmtest.Response {
	return stream([]string{roleFrame(), textFrame("Checking both.")},
		[]string{toolStart(0, "call_a", llmtest.ToolName)}, argFrames(0, llmtest.ToolArgs),
		[]string{toolStart(1, "call_b", llmtest.SecondToolName)}, argFrames(1, llmtest.SecondToolArgs),
		[]string{finishFrame("tool_calls"), usageFrame(60, 40, 0), doneFrame()})
}

// fixtureDuplicateIDs: a server that gives both parallel calls one id.
func fixtureDuplicateIDs() llmtest.Response {
	return stream([]string{roleFrame()},
		[]string{toolStart(0, "call_dup", llmtest.ToolName)}, argFrames(0, llmtest.ToolArgs),
		[]string{toolStart(1, "call_dup", llmtest.SecondToolName)}, argFrames(1, llmtest.SecondToolArgs),
		[]string{finishFrame("tool_calls"), doneFrame()})
}

// fixtureLongText streams 72 KiB of text in 3 KiB deltas.
func fixtureLongText() llmtest.Response {
	frames := []string{roleFrame()}
	for range 24 {
		frames = append(frames, textFrame(strings.Repeat("lorem ipsum ", 256)))
	}
	return stream(append(frames, finishFrame("stop"), doneFrame()))
}

func fixtureReasoning() llmtest.Response {
	var think []string
	for _, p := range pieces(llmtest.ReasoningText, 6) {
		think = append(think, thinkFrame(p))
	}
	return stream([]string{roleFrame()}, think, textFrames(llmtest.ReasoningAnswer),
		[]string{finishFrame("stop"), usageFrame(30, 25, 0), doneFrame()})
}

func fixtureMalformed() llmtest.Response {
	return stream([]string{roleFrame(), toolStart(0, "call_bad", llmtest.ToolName)},
		argFrames(0, llmtest.MalformedArgs), []string{finishFrame("tool_calls"), doneFrame()})
}

func fixtureStall() llmtest.Response {
	return stream([]string{roleFrame(), textFrame("Hello, ")})
}

func fixtureErrors() []llmtest.ErrorCase {
	return []llmtest.ErrorCase{
		{Kind: "rate_limit", Response: llmtest.JSONError(429,
			`{"error":{"message":"Rate limit reached for requests","type":"requests","param":null,"code":"rate_limit_exceeded"}}`,
			"retry-after", "7")},
		{Name: "retry_after_ms", Kind: "rate_limit", Response: llmtest.JSONError(429,
			`{"error":{"message":"Too many requests","type":"tokens","code":"rate_limit_exceeded"}}`, "retry-after-ms", "1500")},
		{Kind: "overloaded", Response: llmtest.JSONError(503,
			`{"error":{"message":"The engine is currently overloaded, please try again later","type":"server_error","param":null,"code":null}}`)},
		{Kind: "server", Response: llmtest.JSONError(500,
			`{"error":{"message":"The server had an error while processing your request.","type":"server_error","param":null,"code":null}}`)},
		{Kind: "auth", Response: llmtest.JSONError(401,
			`{"error":{"message":"Incorrect API key provided: sk-te***st.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`)},
		{Name: "gateway_401_server_error", Kind: "auth", Response: llmtest.JSONError(401,
			`{"error":{"message":"Unauthorized","type":"server_error","code":"internal"}}`)},
		{Kind: "billing", Response: llmtest.JSONError(402,
			`{"error":{"message":"Insufficient Balance","type":"unknown_error","param":null,"code":"invalid_request_error"}}`)},
		{Name: "insufficient_quota", Kind: "billing", Response: llmtest.JSONError(429,
			`{"error":{"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}`)},
		{Kind: "context_overflow", Response: llmtest.JSONError(400,
			`{"error":{"message":"This model's maximum context length is 65536 tokens. However, you requested 70000 tokens.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}`)},
		{Kind: "bad_request", Response: llmtest.JSONError(400,
			`{"error":{"message":"Invalid value for 'messages[1].role'.","type":"invalid_request_error","param":"messages[1].role","code":null}}`)},
		{Name: "plain_text_502", Kind: "server", Response: llmtest.Response{Status: 502, Chunks: [][]byte{[]byte("Bad Gateway")}}},
		{Name: "mid_stream_error", Kind: "server", Response: stream([]string{roleFrame(), textFrame("Hel"),
			`data: {"id":"gen-1","object":"chat.completion.chunk","created":1760000000,"model":"test-model","error":{"code":502,"message":"Provider returned error"},"choices":[{"index":0,"delta":{"content":""},"finish_reason":"error"}]}` + "\n\n"})},
		{Name: "truncated_stream", Kind: "server", Response: stream([]string{roleFrame(), textFrame("Hel")})},
	}
}
