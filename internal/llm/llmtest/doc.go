// Package llmtest is the conformance suite every llm.Provider adapter
// passes, in the spirit of testing/slogtest, plus the replay server and
// event helpers adapter tests use on their own.
//
// An adapter test supplies wire fixtures — the exact bytes its provider
// sends — and a constructor; Run replays each fixture byte for byte from an
// httptest server on 127.0.0.1 and checks what the adapter yields:
//
//	func TestConformance(t *testing.T) {
//		llmtest.Run(t, llmtest.Harness{
//			New: func(baseURL string, c *http.Client) llm.Provider {
//				return mine.New(mine.Options{Name: "test", BaseURL: baseURL, APIKey: "k", HTTPClient: c})
//			},
//			Text:     llmtest.Stream(`data: {...}`+"\n\n", ...),
//			ToolCall: ...,
//			Errors:   []llmtest.ErrorCase{{Kind: llm.KindRateLimit, Response: llmtest.JSONError(429, `{...}`, "retry-after", "7")}, ...},
//		})
//	}
//
// Each fixture must stream the content named by this package's constants
// (TextAnswer, ToolName and ToolArgs, …); the field docs on Harness say
// which. Every request is captured, so adapters can also assert on how
// they encode requests (Harness.CheckRequest, Harness.ReasoningEcho, or
// NewServer and Server.Requests directly).
//
// Besides streaming, the suite checks what every adapter must get right
// whatever its wire format: PromptFidelity (a summary, queued and failed
// prompts and an attachment arrive intact, apart and in order — see
// CheckFidelity), DuplicateToolCallIDs (calls sharing an id get their own),
// OutputLimit (llm.LimitOutput cuts a long answer and the adapter hangs
// up), FirstByteTimeout and ConnectionRefused (the error says why in one
// line).
//
// Recorded traffic: CassetteDir finds ../shared/fixtures/cassettes (and
// skips the test when it is absent), LoadCassette parses a go-vcr cassette,
// and Interaction.Replay turns a recorded response into a Response that
// NewServer writes byte for byte, one SSE event per chunk.
//
// Helpers for adapter tests: Collect gathers a stream into a Result (Text,
// Reasoning, ToolCalls, ReasoningParts, Usage, Finish, and Message — the
// assistant message to append to a follow-up request); Validate checks the
// event-order contract; SimpleRequest, RichRequest, Tools, User and PNG
// build requests; Stream, JSONError and Response.Split build fixtures.
//
// Adapters that splice their bodies from kept pieces: CheckBodies holds
// the body of each step of a conversation byte for byte to the SDK's own
// encoding (SettingSteps is a conversation whose settings change at
// every step), and CheckBodyAfterCallerChangesParts and
// CheckBodyAfterCallerChangesSettings do so when the caller changes what
// it sent in place. PartFields and RequestFields give a value per field,
// for tests that a cache key takes every field in.
package llmtest
