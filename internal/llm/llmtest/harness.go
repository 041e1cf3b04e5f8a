package llmtest

import (
	"net/http"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

// What the fixtures must stream. Argument JSON is compared semantically,
// so key order and spacing are free.
const (
	// TextAnswer is the whole assistant text of Harness.Text (and of
	// Harness.Stall's complete version, if it has one).
	TextAnswer = "Hello, world! Streaming works."
	// ToolName and ToolArgs are the call of Harness.ToolCall, and the
	// first call of Harness.ParallelToolCalls.
	ToolName = "get_weather"
	ToolArgs = `{"city":"Paris","unit":"celsius"}`
	// SecondToolName and SecondToolArgs are the second call of
	// Harness.ParallelToolCalls.
	SecondToolName = "get_time"
	SecondToolArgs = `{"timezone":"Europe/Paris"}`
	// ReasoningText is the reasoning of Harness.Reasoning, followed by
	// the text ReasoningAnswer.
	ReasoningText   = "The user asks for 2+2. That is 4."
	ReasoningAnswer = "2 + 2 = 4."
	// MalformedArgs is the argument text of the ToolName call in
	// Harness.MalformedToolCall: a JSON object cut short.
	MalformedArgs = `{"city": "Par`
)

// Harness is what an adapter test gives Run. Every fixture is required
// (Run fails on a missing one); hooks are optional.
type Harness struct {
	// New returns the adapter under test, sending every request to
	// baseURL (the test server's root, "http://127.0.0.1:PORT": append a
	// path such as "/v1" if the adapter expects one) through client. The
	// adapter must set Error.Provider on its errors.
	New func(baseURL string, client *http.Client) llm.Provider
	// Model is the model id of the requests; "" means "test-model".
	Model string

	// Text streams TextAnswer in at least two deltas, then finishes with
	// llm.FinishStop. It is also the answer to the follow-up requests of
	// the Reasoning, MalformedToolCall and request-encoding scenarios.
	Text Response
	// Usage is any successful stream that reports token usage; the last
	// usage event must equal WantUsage (Input excludes cached tokens).
	Usage     Response
	WantUsage llm.Usage
	// ToolCall streams one ToolName call with ToolArgs split over many
	// small argument deltas, then finishes with llm.FinishToolUse.
	ToolCall Response
	// ParallelToolCalls streams a ToolName/ToolArgs call and a
	// SecondToolName/SecondToolArgs call in one response (interleaved if
	// the wire format allows), finishing with llm.FinishToolUse.
	ParallelToolCalls Response
	// Reasoning streams ReasoningText as reasoning (with whatever
	// signature the provider attaches), then the text ReasoningAnswer,
	// finishing with llm.FinishStop.
	Reasoning Response
	// MalformedToolCall streams a ToolName call whose arguments are
	// MalformedArgs, then finishes.
	MalformedToolCall Response
	// MalformedAsError is for wire formats that cannot carry malformed
	// arguments (Gemini sends arguments as a JSON object and reports a
	// broken call only as finishReason MALFORMED_FUNCTION_CALL). When
	// set, MalformedToolCall is that provider's malformed-call response
	// and must end with an *llm.Error of this kind, no tool call and no
	// finish.
	MalformedAsError llm.ErrorKind
	// DuplicateToolCallIDs streams the two calls of ParallelToolCalls with
	// one id for both (or, where the wire format has ids only sometimes,
	// with none); the adapter must give each call an id of its own.
	DuplicateToolCallIDs Response
	// LongText streams at least 64 KiB of text in deltas of at most
	// 4 KiB, then finishes; the OutputLimit scenario cuts it at 16 KiB.
	LongText Response
	// Stall is the beginning of a stream that yields at least one event;
	// the server writes it and then hangs, for the cancel, stop-ranging
	// and idle-timeout scenarios.
	Stall Response
	// Errors must cover at least the kinds of RequiredErrorKinds;
	// a case whose response has a retry-after header must yield that
	// RetryAfter. Add more (mid-stream error events, …) freely.
	Errors []ErrorCase

	// CheckRequest, when set, inspects the body the adapter sent for
	// RichRequest (system prompt, tools, image, tool call and result).
	CheckRequest func(t *testing.T, body []byte)
	// ReasoningEcho, when set, inspects the body of the request that
	// follows the Reasoning stream: a conversation whose assistant
	// message holds reasoning (the part the adapter yielded) and
	// ReasoningAnswer.
	ReasoningEcho func(t *testing.T, body []byte, reasoning llm.Part)
}

// ErrorCase is one error fixture and the kind the adapter must report.
type ErrorCase struct {
	// Name labels the subtest; "" means the kind.
	Name     string
	Response Response
	Kind     llm.ErrorKind
}

// RequiredErrorKinds returns the kinds Harness.Errors must cover.
func RequiredErrorKinds() []llm.ErrorKind {
	return []llm.ErrorKind{
		llm.KindRateLimit, llm.KindOverloaded, llm.KindServer, llm.KindAuth,
		llm.KindBilling, llm.KindContextOverflow, llm.KindBadRequest,
	}
}

// Run runs every conformance scenario against h as parallel subtests.
func Run(t *testing.T, h Harness) {
	t.Helper()
	if h.New == nil {
		t.Fatal("llmtest: Harness.New is nil")
	}
	if h.Model == "" {
		h.Model = "test-model"
	}
	s := suite{h: h}
	for _, sc := range s.scenarios() {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			if !sc.ready {
				t.Fatalf("llmtest: the harness has no fixture for %s", sc.name)
			}
			sc.run(t)
		})
	}
}

// scenario is one named check; ready is false when its fixture is missing.
type scenario struct {
	name  string
	ready bool
	run   func(t *testing.T)
}

func has(r Response) bool { return r.Status != 0 || len(r.Chunks) > 0 }

// suite binds the scenarios to a harness.
type suite struct{ h Harness }

func (s suite) scenarios() []scenario {
	h := s.h
	return []scenario{
		{"Text", has(h.Text), func(t *testing.T) { s.text(t, h.Text) }},
		{"TextSplitFrames", has(h.Text), func(t *testing.T) { s.text(t, h.Text.Split(7)) }},
		{"Usage", has(h.Usage), s.usage},
		{"ToolCall", has(h.ToolCall), func(t *testing.T) { s.toolCall(t, h.ToolCall) }},
		{"ToolCallSplitFrames", has(h.ToolCall), func(t *testing.T) { s.toolCall(t, h.ToolCall.Split(5)) }},
		{"ParallelToolCalls", has(h.ParallelToolCalls), s.parallel},
		{"Reasoning", has(h.Reasoning), s.reasoning},
		{"MalformedToolCall", has(h.MalformedToolCall), s.malformed},
		{"RequestEncoding", has(h.Text), s.request},
		{"Concurrent", has(h.Text), s.concurrent},
		{"CancelMidStream", has(h.Stall), s.cancel},
		{"StopRanging", has(h.Stall), s.stopRanging},
		{"IdleTimeout", has(h.Stall), s.idleTimeout},
		{"Errors", len(h.Errors) > 0, s.errorCases},
		{"PromptFidelity", has(h.Text), s.fidelity},
		{"DuplicateToolCallIDs", has(h.DuplicateToolCallIDs), s.duplicateIDs},
		{"OutputLimit", has(h.LongText), s.outputLimit},
		{"FirstByteTimeout", true, s.firstByteTimeout},
		{"ConnectionRefused", true, s.connectionRefused},
		{"SentBeforeAnswer", has(h.Text), s.sentBeforeAnswer},
	}
}
