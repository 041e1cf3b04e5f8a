package openai

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/honecode/hone/internal/llm/llmtest"
)

// Fixtures in the Responses streaming format, written from the public API
// reference: "event: TYPE" + "data: {"type":TYPE,…}" frames, ending with
// response.completed (or incomplete/failed).

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// sse is one frame; fields is the JSON object body without braces.
func sse(typ, fields string) string {
	if fields != "" {
		fields = "," + fields
	}
	return "event: " + typ + "\ndata: {\"type\":" + quote(typ) + fields + "}\n\n"
}

func created() string {
	return sse("response.created", `"sequence_number":0,"response":{"id":"resp_test","object":"response","status":"in_progress","output":[],"usage":null}`)
}

func textDeltas(itemID, s string) []string {
	out := []string{sse("response.output_item.added", `"output_index":0,"item":{"id":`+quote(itemID)+`,"type":"message","status":"in_progress","content":[],"role":"assistant"}`)}
	for _, w := range strings.SplitAfter(s, " ") {
		out = append(out, sse("response.output_text.delta", `"item_id":`+quote(itemID)+`,"output_index":0,"content_index":0,"delta":`+quote(w)))
	}
	return append(out, sse("response.output_text.done", `"item_id":`+quote(itemID)+`,"output_index":0,"content_index":0,"text":`+quote(s)))
}

func completed(status string, input, cached, output int, extra string) string {
	return sse("response."+status, `"response":{"id":"resp_test","object":"response","status":`+quote(status)+extra+
		`,"usage":{"input_tokens":`+strconv.Itoa(input)+`,"input_tokens_details":{"cached_tokens":`+strconv.Itoa(cached)+
		`},"output_tokens":`+strconv.Itoa(output)+`,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":`+strconv.Itoa(input+output)+`}}`)
}

func callFrames(itemID, callID, name, args string) []string {
	out := []string{sse("response.output_item.added", `"output_index":1,"item":{"id":`+quote(itemID)+`,"type":"function_call","status":"in_progress","arguments":"","call_id":`+quote(callID)+`,"name":`+quote(name)+`}`)}
	for len(args) > 0 {
		n := min(3, len(args))
		out = append(out, sse("response.function_call_arguments.delta", `"item_id":`+quote(itemID)+`,"output_index":1,"delta":`+quote(args[:n])))
		args = args[n:]
	}
	return out
}

func callDone(itemID, callID, name, args string) string {
	return sse("response.output_item.done", `"output_index":1,"item":{"id":`+quote(itemID)+`,"type":"function_call","status":"completed","arguments":`+quote(args)+`,"call_id":`+quote(callID)+`,"name":`+quote(name)+`}`)
}

func stream(groups ...[]string) llmtest.Response {
	var all []string
	for _, g := range groups {
		all = append(all, g...)
	}
	return llmtest.Stream(all...)
}

const encrypted = "gAAAAABtestENCRYPTEDreasoning=="

func fixtureText() llmtest.Response {
	return stream([]string{created()}, textDeltas("msg_1", llmtest.TextAnswer), []string{completed("completed", 20, 0, 7, "")})
}

func fixtureUsage() llmtest.Response {
	return stream([]string{created()}, textDeltas("msg_1", "ok"), []string{completed("completed", 1200, 1000, 30, "")})
}

func fixtureToolCall() llmtest.Response {
	a := llmtest.ToolArgs
	return stream([]string{created()}, callFrames("fc_1", "call_w", llmtest.ToolName, a),
		[]string{callDone("fc_1", "call_w", llmtest.ToolName, a), completed("completed", 50, 0, 20, "")})
}

func fixtureParallel() llmtest.Response {
	a, b := llmtest.ToolArgs, llmtest.SecondToolArgs
	return stream([]string{created()},
		callFrames("fc_1", "call_a", llmtest.ToolName, a), []string{callDone("fc_1", "call_a", llmtest.ToolName, a)},
		callFrames("fc_2", "call_b", llmtest.SecondToolName, b), []string{callDone("fc_2", "call_b", llmtest.SecondToolName, b)},
		[]string{completed("completed", 60, 0, 40, "")})
}

// fixtureDuplicateIDs: two function_call items with one call_id.
func fixtureDuplicateIDs() llmtest.Response {
	a, b := llmtest.ToolArgs, llmtest.SecondToolArgs
	return stream([]string{created()},
		callFrames("fc_1", "call_dup", llmtest.ToolName, a), []string{callDone("fc_1", "call_dup", llmtest.ToolName, a)},
		callFrames("fc_2", "call_dup", llmtest.SecondToolName, b), []string{callDone("fc_2", "call_dup", llmtest.SecondToolName, b)},
		[]string{completed("completed", 60, 0, 40, "")})
}

// fixtureLongText streams 72 KiB of text in 3 KiB deltas.
func fixtureLongText() llmtest.Response {
	frames := []string{created(), sse("response.output_item.added", `"output_index":0,"item":{"id":"msg_1","type":"message","status":"in_progress","content":[],"role":"assistant"}`)}
	chunk := strings.Repeat("lorem ipsum ", 256)
	for range 24 {
		frames = append(frames, sse("response.output_text.delta", `"item_id":"msg_1","output_index":0,"content_index":0,"delta":`+quote(chunk)))
	}
	return stream(frames, []string{completed("completed", 20, 0, 20000, "")})
}

func fixtureReasoning() llmtest.Response {
	frames := []string{created(), sse("response.output_item.added", `"output_index":0,"item":{"id":"rs_1","type":"reasoning","encrypted_content":"partial","summary":[]}`),
		sse("response.reasoning_summary_part.added", `"item_id":"rs_1","output_index":0,"summary_index":0,"part":{"type":"summary_text","text":""}`)}
	text := llmtest.ReasoningText
	for len(text) > 0 {
		n := min(6, len(text))
		frames = append(frames, sse("response.reasoning_summary_text.delta", `"item_id":"rs_1","output_index":0,"summary_index":0,"delta":`+quote(text[:n])))
		text = text[n:]
	}
	frames = append(frames, sse("response.output_item.done", `"output_index":0,"item":{"id":"rs_1","type":"reasoning","encrypted_content":`+quote(encrypted)+
		`,"summary":[{"type":"summary_text","text":`+quote(llmtest.ReasoningText)+`}]}`))
	return stream(frames, textDeltas("msg_1", llmtest.ReasoningAnswer), []string{completed("completed", 30, 0, 25, "")})
}

func fixtureMalformed() llmtest.Response {
	a := llmtest.MalformedArgs
	return stream([]string{created()}, callFrames("fc_1", "call_bad", llmtest.ToolName, a),
		[]string{callDone("fc_1", "call_bad", llmtest.ToolName, a), completed("completed", 50, 0, 20, "")})
}

func fixtureStall() llmtest.Response {
	return stream([]string{created()}, textDeltas("msg_1", "Hello, ")[:2])
}

func fixtureErrors() []llmtest.ErrorCase {
	return []llmtest.ErrorCase{
		{Kind: "rate_limit", Response: llmtest.JSONError(429,
			`{"error":{"message":"Rate limit reached for gpt-5 on tokens per min (TPM)","type":"tokens","param":null,"code":"rate_limit_exceeded"}}`,
			"retry-after", "20", "x-ratelimit-remaining-tokens", "0")},
		{Kind: "overloaded", Response: llmtest.JSONError(503,
			`{"error":{"message":"The server is overloaded or not ready yet.","type":"server_error","param":null,"code":null}}`)},
		{Kind: "server", Response: llmtest.JSONError(500,
			`{"error":{"message":"The server had an error processing your request.","type":"server_error","param":null,"code":null}}`)},
		{Kind: "auth", Response: llmtest.JSONError(401,
			`{"error":{"message":"Incorrect API key provided: sk-abc***xyz.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`)},
		{Name: "gateway_403_server_error", Kind: "auth", Response: llmtest.JSONError(403,
			`{"error":{"message":"Forbidden","type":"server_error","param":null,"code":null}}`)},
		{Kind: "billing", Response: llmtest.JSONError(429,
			`{"error":{"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}`)},
		{Kind: "context_overflow", Response: llmtest.JSONError(400,
			`{"error":{"message":"Your input exceeds the context window of this model. Please adjust your input and try again.","type":"invalid_request_error","param":"input","code":"context_length_exceeded"}}`)},
		{Kind: "bad_request", Response: llmtest.JSONError(400,
			`{"error":{"message":"Unsupported parameter: 'temperature' is not supported with this model.","type":"invalid_request_error","param":"temperature","code":"unsupported_parameter"}}`)},
		{Name: "response_failed", Kind: "server", Response: stream([]string{created(),
			sse("response.failed", `"response":{"id":"resp_test","status":"failed","error":{"code":"server_error","message":"The model failed to generate a response."},"usage":null}`)})},
		{Name: "response_failed_rate_limit", Kind: "rate_limit", Response: stream([]string{created(),
			sse("response.failed", `"response":{"id":"resp_test","status":"failed","error":{"code":"rate_limit_exceeded","message":"Rate limit reached."}}`)})},
		{Name: "error_event", Kind: "context_overflow", Response: stream([]string{created(),
			sse("error", `"code":"context_length_exceeded","message":"Your input exceeds the context window of this model.","param":null`)})},
		{Name: "truncated", Kind: "server", Response: stream([]string{created()}, textDeltas("msg_1", "partial answer"))},
	}
}
