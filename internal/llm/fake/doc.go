// Package fake is a scripted llm.Provider for tests and for end-to-end runs
// of the binary without a network.
//
// A test scripts the model's turns, the fake answers each main request with
// the next turn, records every request, and AssertConsumed fails the test
// when a scripted turn was never used:
//
//	m := fake.New(
//		fake.Turn{fake.Text("Let me look."), fake.ToolCall("glob", map[string]any{"pattern": "*.go"})},
//		fake.Turn{fake.Text("There are two Go files.")},
//	)
//	// ... run the agent with m as a candidate's client ...
//	m.AssertConsumed(t)
//	reqs := m.Requests()
//
// A request that offers no tools (a title or a summary) is a side request:
// it never consumes a main turn. Side requests are answered from the side
// script (AddSide) and, once that is used up, with a short title made from
// the request's last user text. The replay harness sorts requests by the same
// rule.
//
// Scripts can also be loaded from JSON (LoadScript), which is how a config
// provider of type "fake" is built; docs/fake-script.md describes the format.
package fake
