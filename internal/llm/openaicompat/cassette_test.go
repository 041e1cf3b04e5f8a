package openaicompat

import (
	"bufio"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// TestDeepSeekCassettes replays every recorded DeepSeek (Chat Completions)
// response byte for byte and compares the adapter's events with what a
// direct reading of the recorded frames says they must be.
func TestDeepSeekCassettes(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join(llmtest.CassetteDir(t), "deepseek-v4", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Skipf("no deepseek cassettes (%v)", err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(strings.TrimSuffix(name, ".yaml"), func(t *testing.T) {
			t.Parallel()
			n := 0
			for _, in := range llmtest.LoadCassette(t, filepath.Join("deepseek-v4", name)) {
				if strings.HasSuffix(in.Request.URL, "/chat/completions") && in.IsStream() {
					replayOne(t, in)
					n++
				}
			}
			if n == 0 {
				t.Fatal("no chat completion stream in the cassette")
			}
		})
	}
}

func replayOne(t *testing.T, in llmtest.Interaction) {
	t.Helper()
	srv := llmtest.NewServer(t, in.Replay())
	p := New(Options{Name: "deepseek", BaseURL: srv.URL + "/v1", APIKey: "k", HTTPClient: llm.NewHTTPClient(llm.HTTPOptions{})})
	r := llmtest.Collect(t.Context(), p, llmtest.SimpleRequest("deepseek-v4-pro-0813", "hi"))
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
		t.Fatalf("%d tool calls, want %d", len(calls), len(want.calls))
	}
	for i, c := range calls {
		w := want.calls[i]
		if c.ToolCallID != w.id || c.ToolName != w.name || c.Input != w.args || c.InputError != "" {
			t.Errorf("call %d: %+v, want %+v", i, c, w)
		}
	}
	if u, _ := r.Usage(); u != want.usage {
		t.Errorf("usage %+v, want %+v", u, want.usage)
	}
	if got := r.Finish(); got != want.finish {
		t.Errorf("finish %q, want %q", got, want.finish)
	}
}

type recordedCall struct{ id, name, args string }

// recordedChunk is the test's own plain reading of a chunk, independent of
// the adapter's decoding types.
type recordedChunk struct {
	Usage   *usage `json:"usage"`
	Choices []struct {
		FinishReason string `json:"finish_reason"`
		Delta        struct {
			Content          string `json:"content"`
			ReasoningContent string `json:"reasoning_content"`
			ToolCalls        []struct {
				Index    *int   `json:"index"`
				ID       string `json:"id"`
				Function struct {
					Name      string `json:"name"`
					Arguments string `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
		} `json:"delta"`
	} `json:"choices"`
}

type recorded struct {
	text, reasoning string
	calls           []recordedCall
	usage           llm.Usage
	finish          llm.FinishReason
}

// readRecorded reads the recorded frames directly: a second, simpler
// reading of the same bytes than the adapter's streaming one.
func readRecorded(t *testing.T, body string) recorded {
	t.Helper()
	var rec recorded
	var text, reasoning strings.Builder
	sc := bufio.NewScanner(strings.NewReader(body))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok || data == "[DONE]" {
			continue
		}
		var c recordedChunk
		if err := json.Unmarshal([]byte(data), &c); err != nil {
			t.Fatalf("recorded frame: %v", err)
		}
		if u := c.Usage; u != nil {
			rec.usage = llm.Usage{Input: u.PromptTokens, Output: u.CompletionTokens}
			if u.PromptTokensDetails != nil {
				rec.usage.CacheRead = u.PromptTokensDetails.CachedTokens
				rec.usage.Input -= rec.usage.CacheRead
			}
		}
		for _, ch := range c.Choices {
			text.WriteString(ch.Delta.Content)
			reasoning.WriteString(ch.Delta.ReasoningContent)
			for _, tc := range ch.Delta.ToolCalls {
				for len(rec.calls) <= *tc.Index {
					rec.calls = append(rec.calls, recordedCall{})
				}
				rc := &rec.calls[*tc.Index]
				rc.id += tc.ID
				rc.name += tc.Function.Name
				rc.args += tc.Function.Arguments
			}
			switch ch.FinishReason {
			case "stop":
				rec.finish = llm.FinishStop
			case "tool_calls":
				rec.finish = llm.FinishToolUse
			case "length":
				rec.finish = llm.FinishMaxTokens
			}
		}
	}
	rec.text, rec.reasoning = text.String(), reasoning.String()
	return rec
}

// TestParallelToolCallsCassette pins the recorded parallel call by value.
func TestParallelToolCallsCassette(t *testing.T) {
	t.Parallel()
	ins := llmtest.LoadCassette(t, "deepseek-v4/parallel_tool_calls.yaml")
	var main llmtest.Interaction
	for _, in := range ins {
		if strings.Contains(in.Response.Body, `"tool_calls"`) {
			main = in
			break
		}
	}
	srv := llmtest.NewServer(t, main.Replay())
	p := New(Options{Name: "deepseek", BaseURL: srv.URL, HTTPClient: http.DefaultClient})
	r := llmtest.Collect(t.Context(), p, llmtest.SimpleRequest("m", "hi"))
	calls := r.ToolCalls()
	if r.Err != nil || len(calls) != 2 {
		t.Fatalf("err %v, calls %+v", r.Err, calls)
	}
	if calls[0].ToolCallID != "call_67389dea0febe22c" || calls[0].ToolName != "glob" || calls[0].Input != `{"pattern":"**/*.go"}` {
		t.Errorf("first call %+v", calls[0])
	}
	if calls[1].ToolCallID != "call_9b9d9dc30e777faf" || calls[1].ToolName != "ls" {
		t.Errorf("second call %+v", calls[1])
	}
	if r.Finish() != llm.FinishToolUse || len(r.ReasoningParts()) != 1 {
		t.Errorf("finish %q, reasoning parts %d", r.Finish(), len(r.ReasoningParts()))
	}
}
