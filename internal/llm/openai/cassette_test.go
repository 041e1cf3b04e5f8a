package openai

import (
	"bufio"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// TestResponsesCassettes replays every recorded Responses stream byte for
// byte and compares the events with a direct reading of the frames.
func TestResponsesCassettes(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join(llmtest.CassetteDir(t), "openai-responses", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Skipf("no responses cassettes (%v)", err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(strings.TrimSuffix(name, ".yaml"), func(t *testing.T) {
			t.Parallel()
			for _, in := range llmtest.LoadCassette(t, filepath.Join("openai-responses", name)) {
				if in.IsStream() {
					replayOne(t, in)
				}
			}
		})
	}
}

func replayOne(t *testing.T, in llmtest.Interaction) {
	t.Helper()
	srv := llmtest.NewServer(t, in.Replay())
	p := New(Options{Name: "openai", BaseURL: srv.URL + "/v1", APIKey: "k", HTTPClient: llm.NewHTTPClient(llm.HTTPOptions{})})
	r := llmtest.Collect(t.Context(), p, llmtest.SimpleRequest("gpt-5.1-codex-max", "hi"))
	if r.Err != nil {
		t.Fatalf("stream error: %v", r.Err)
	}
	if err := llmtest.Validate(r.Events, true); err != nil {
		t.Fatalf("malformed stream: %v", err)
	}
	want := readRecorded(t, in.Response.Body)
	if r.Text() != want.text || r.Reasoning() != want.reasoning {
		t.Errorf("text %q reasoning %q, want %q and %q", r.Text(), r.Reasoning(), want.text, want.reasoning)
	}
	calls := r.ToolCalls()
	if len(calls) != len(want.calls) {
		t.Fatalf("%d calls, want %d", len(calls), len(want.calls))
	}
	for i, c := range calls {
		if w := want.calls[i]; c.ToolCallID != w.CallID || c.ToolName != w.Name || c.Input != w.Arguments {
			t.Errorf("call %d: %+v, want %+v", i, c, w)
		}
	}
	parts := r.ReasoningParts()
	if len(parts) != len(want.reasoningItems) {
		t.Fatalf("%d reasoning parts, want %d", len(parts), len(want.reasoningItems))
	}
	for i, p := range parts {
		if w := want.reasoningItems[i]; p.ReasoningID != w.ID || p.Encrypted != w.EncryptedContent || p.Encrypted == "" {
			t.Errorf("reasoning part %d: id %q encrypted %.20q…", i, p.ReasoningID, p.Encrypted)
		}
	}
	if u, _ := r.Usage(); u != want.usage {
		t.Errorf("usage %+v, want %+v", u, want.usage)
	}
}

type recorded struct {
	text, reasoning string
	calls           []item
	reasoningItems  []item
	usage           llm.Usage
}

// readRecorded reads the recorded frames directly.
func readRecorded(t *testing.T, body string) recorded {
	t.Helper()
	var rec recorded
	var text, reasoning strings.Builder
	sc := bufio.NewScanner(strings.NewReader(body))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var ev event
		if err := json.Unmarshal([]byte(data), &ev); err != nil {
			t.Fatalf("recorded frame: %v", err)
		}
		switch ev.Type {
		case "response.output_text.delta":
			text.WriteString(ev.Delta)
		case "response.reasoning_summary_text.delta":
			reasoning.WriteString(ev.Delta)
		case "response.output_item.done":
			switch ev.Item.Type {
			case "function_call":
				rec.calls = append(rec.calls, *ev.Item)
			case "reasoning":
				rec.reasoningItems = append(rec.reasoningItems, *ev.Item)
			}
		case "response.completed":
			u := ev.Response.Usage
			rec.usage = llm.Usage{Input: u.InputTokens - u.InputTokensDetails.CachedTokens, Output: u.OutputTokens, CacheRead: u.InputTokensDetails.CachedTokens}
		}
	}
	rec.text, rec.reasoning = text.String(), reasoning.String()
	return rec
}

// TestReasoningToolCallRoundTrip plays the recorded reasoning_tool_call
// conversation: the second request must echo the reasoning item (id and
// encrypted content) before the function call, and answer that call.
func TestReasoningToolCallRoundTrip(t *testing.T) {
	t.Parallel()
	ins := llmtest.LoadCassette(t, "openai-responses/reasoning_tool_call.yaml")
	if len(ins) < 2 {
		t.Fatalf("%d interactions", len(ins))
	}
	srv := llmtest.NewServer(t, ins[0].Replay(), ins[1].Replay())
	p := New(Options{Name: "openai", BaseURL: srv.URL + "/v1", APIKey: "k"})
	req := llmtest.SimpleRequest("gpt-5.1-codex-max", "What is (12+7)*3*10?")
	first := llmtest.Collect(t.Context(), p, req)
	if first.Err != nil {
		t.Fatal(first.Err)
	}
	calls := first.ToolCalls()
	if len(calls) != 1 || calls[0].ToolCallID != "call_AB6AaRZ1FYZB2RwS6A5vbdqn" || calls[0].ToolName != "calculator" {
		t.Fatalf("calls %+v", calls)
	}
	next := *req
	next.Messages = append(req.Messages, first.Message(), llm.Message{Role: llm.RoleTool, Parts: []llm.Part{
		llm.ToolResult(calls[0].ToolCallID, "calculator", "unknown tool: calculator", true),
	}})
	if second := llmtest.Collect(t.Context(), p, &next); second.Err != nil || second.Finish() != llm.FinishStop {
		t.Fatalf("second turn: %v, finish %q", second.Err, second.Finish())
	}
	b := decodeBody(t, srv.Requests()[1].Body)
	if got := kinds(b.Input); got != "user reasoning function_call function_call_output " {
		t.Fatalf("input items %q", got)
	}
	rs := first.ReasoningParts()[0]
	if r := b.Input[1]; r.ID != rs.ReasoningID || r.EncryptedContent != rs.Encrypted || !strings.HasPrefix(r.ID, "rs_") {
		t.Errorf("reasoning item %s / %.20q…", r.ID, r.EncryptedContent)
	}
	if out := b.Input[3]; out.CallID != "call_AB6AaRZ1FYZB2RwS6A5vbdqn" {
		t.Errorf("output answers %q", out.CallID)
	}
}
