package fake_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
)

var withTools = []llm.ToolDef{{Name: "glob"}}

func mainReq(text string) *llm.Request {
	return &llm.Request{Model: "m", Tools: withTools, Messages: []llm.Message{{Role: llm.RoleUser, Parts: []llm.Part{llm.Text(text)}}}}
}

func sideReq(text string) *llm.Request {
	return &llm.Request{Model: "m", Messages: []llm.Message{{Role: llm.RoleUser, Parts: []llm.Part{llm.Text(text)}}}}
}

type collected struct {
	events []llm.Event
	err    error
}

func (c collected) types() string {
	var s []string
	for _, e := range c.events {
		s = append(s, string(e.Type))
	}
	return strings.Join(s, ",")
}

func stream(ctx context.Context, p llm.Provider, req *llm.Request) collected {
	var c collected
	for ev, err := range p.Stream(ctx, req) {
		if err != nil {
			c.err = err
			break
		}
		c.events = append(c.events, ev)
	}
	return c
}

func TestTurnEvents(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{
		fake.Reasoning("hmm").WithSignature("sig"),
		fake.Text("Hello world").Chunked(5),
		fake.ToolCall("glob", map[string]any{"pattern": "*.go"}),
		fake.RawToolCall("view", "{broken"),
	})
	c := stream(t.Context(), m, mainReq("hi"))
	want := "reasoning_delta,reasoning_end,text_delta,text_delta,text_delta,tool_call_start,tool_call_delta,tool_call_end," +
		"tool_call_start,tool_call_delta,tool_call_end,usage,finish"
	if c.err != nil || c.types() != want {
		t.Fatalf("events %s, err %v", c.types(), c.err)
	}
	if c.events[1].Part.Signature != "sig" || c.events[2].Text != "Hello" || c.events[4].Text != "d" {
		t.Errorf("events %+v", c.events)
	}
	first, second := c.events[7].Part, c.events[10].Part
	if first.ToolCallID != "fake_1_1" || first.Input != `{"pattern":"*.go"}` || first.InputError != "" {
		t.Errorf("first call %+v", first)
	}
	if second.ToolCallID != "fake_1_2" || second.InputError == "" {
		t.Errorf("second call %+v", second)
	}
	if u := c.events[11].Usage; u.Input == 0 || u.Output == 0 {
		t.Errorf("estimated usage %+v", u)
	}
	if c.events[12].Reason != llm.FinishToolUse {
		t.Errorf("finish %s", c.events[12].Reason)
	}
	m.AssertConsumed(t)
}

func TestScriptedUsageFinishAndErrors(t *testing.T) {
	t.Parallel()
	m := fake.New(
		fake.Turn{fake.Text("x"), fake.Usage(llm.Usage{Input: 7, Output: 3}), fake.Finish(llm.FinishMaxTokens)},
		fake.Turn{fake.Text("partial"), fake.Error(llm.KindRateLimit).RetryAfter(3 * time.Second), fake.Text("never")},
	)
	c := stream(t.Context(), m, mainReq("a"))
	if c.events[1].Usage != (llm.Usage{Input: 7, Output: 3}) || c.events[2].Reason != llm.FinishMaxTokens {
		t.Errorf("events %+v", c.events)
	}
	c = stream(t.Context(), m, mainReq("b"))
	var e *llm.Error
	if c.types() != "text_delta" || llm.KindOf(c.err) != llm.KindRateLimit {
		t.Fatalf("events %s err %v", c.types(), c.err)
	}
	if e = c.err.(*llm.Error); e.RetryAfter != 3*time.Second || e.Status != 429 {
		t.Errorf("error %+v", e)
	}
}

func TestEveryErrorKind(t *testing.T) {
	t.Parallel()
	for _, k := range []llm.ErrorKind{llm.KindRateLimit, llm.KindOverloaded, llm.KindServer, llm.KindTimeout, llm.KindAuth,
		llm.KindBilling, llm.KindContextOverflow, llm.KindBadRequest, llm.KindCanceled, llm.KindUnknown} {
		m := fake.New(fake.Turn{fake.Error(k)})
		if c := stream(t.Context(), m, mainReq("x")); llm.KindOf(c.err) != k {
			t.Errorf("kind %s: got %v", k, c.err)
		}
	}
}

func TestSideRequestsDoNotConsumeTurns(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Text("main")})
	m.AddSide(fake.Turn{fake.Text("Scripted title")})
	if c := stream(t.Context(), m, sideReq("anything")); c.events[0].Text != "Scripted title" {
		t.Errorf("side answer %+v", c.events)
	}
	if c := stream(t.Context(), m, sideReq("please fix the flaky login test in CI today")); c.events[0].Text != "please fix the flaky login test" {
		t.Errorf("default side answer %+v", c.events)
	}
	if c := stream(t.Context(), m, mainReq("q")); c.events[0].Text != "main" {
		t.Errorf("main answer %+v", c.events)
	}
	if len(m.Requests()) != 1 || len(m.SideRequests()) != 2 {
		t.Errorf("recorded %d main, %d side", len(m.Requests()), len(m.SideRequests()))
	}
	m.AssertConsumed(t)
}

type recorder struct{ errs []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func TestAssertConsumed(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Text("a")}, fake.Turn{fake.ToolCall("glob", nil)})
	stream(t.Context(), m, mainReq("1"))
	var r recorder
	m.AssertConsumed(&r)
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "1 of 2") || !strings.Contains(r.errs[0], "tool call glob") {
		t.Errorf("errors %v", r.errs)
	}
	stream(t.Context(), m, mainReq("2"))
	c := stream(t.Context(), m, mainReq("3"))
	if llm.KindOf(c.err) != llm.KindBadRequest {
		t.Errorf("request past the script: %v", c.err)
	}
	r = recorder{}
	m.AssertConsumed(&r)
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "after the script ran out") {
		t.Errorf("errors %v", r.errs)
	}
}

func TestCancelDuringDelay(t *testing.T) {
	t.Parallel()
	sig := make(chan struct{})
	m := fake.New(fake.Turn{fake.Text("a"), fake.Signal(sig), fake.Delay(time.Hour), fake.Text("b")})
	ctx, cancel := context.WithCancel(t.Context())
	go func() { <-sig; cancel() }()
	c := stream(ctx, m, mainReq("x"))
	if c.types() != "text_delta" || llm.KindOf(c.err) != llm.KindCanceled {
		t.Errorf("events %s err %v", c.types(), c.err)
	}
}

func TestStopRangingStopsTheTurn(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Text("abcdef").Chunked(1)})
	n := 0
	for range m.Stream(t.Context(), mainReq("x")) {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("got %d events", n)
	}
}

func TestRequestsAreCopies(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Text("a")})
	req := mainReq("original")
	stream(t.Context(), m, req)
	req.Messages[0].Parts[0].Text = "changed"
	if got := m.Requests()[0].Messages[0].Text(); got != "original" {
		t.Errorf("recorded request changed to %q", got)
	}
}

func TestParseScript(t *testing.T) {
	t.Parallel()
	script := `{
	  "turns": [
	    "plain answer",
	    {"text": "slow", "chunk": 2, "chunk_delay_ms": 1},
	    {"items": [
	      {"reasoning": "think"},
	      {"tool_call": {"name": "glob", "input": {"pattern": "*.go"}, "id": "call_a"}},
	      {"raw_tool_call": {"name": "view", "input": "{oops"}},
	      {"delay_ms": 1}
	    ], "usage": {"input": 10, "output": 2}, "finish": "tool_use"},
	    {"items": [{"text": "par"}, {"error": {"kind": "overloaded", "retry_after_ms": 1500, "message": "busy"}}]}
	  ],
	  "side": ["A title"],
	  "fallback": "out of script"
	}`
	path := filepath.Join(t.TempDir(), "script.json")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := fake.LoadScript(path)
	if err != nil {
		t.Fatal(err)
	}
	if c := stream(t.Context(), m, mainReq("1")); c.events[0].Text != "plain answer" {
		t.Errorf("turn 1 %+v", c.events)
	}
	if c := stream(t.Context(), m, mainReq("2")); c.types() != "text_delta,text_delta,usage,finish" {
		t.Errorf("turn 2 %s", c.types())
	}
	c := stream(t.Context(), m, mainReq("3"))
	if c.events[2].ToolCallID != "call_a" || c.events[len(c.events)-2].Usage.Input != 10 {
		t.Errorf("turn 3 %+v", c.events)
	}
	c = stream(t.Context(), m, mainReq("4"))
	if e, ok := c.err.(*llm.Error); !ok || e.Kind != llm.KindOverloaded || e.RetryAfter != 1500*time.Millisecond || e.Message != "busy" {
		t.Errorf("turn 4 err %v", c.err)
	}
	if c := stream(t.Context(), m, sideReq("x")); c.events[0].Text != "A title" {
		t.Errorf("side %+v", c.events)
	}
	if c := stream(t.Context(), m, mainReq("5")); c.events[0].Text != "out of script" {
		t.Errorf("fallback %+v", c.events)
	}
}

func TestParseScriptErrors(t *testing.T) {
	t.Parallel()
	for name, script := range map[string]string{
		"unknown key":   `{"turns": [{"txt": "x"}]}`,
		"two in one":    `{"turns": [{"items": [{"text": "a", "reasoning": "b"}]}]}`,
		"empty item":    `{"turns": [{"items": [{}]}]}`,
		"trailing junk": `{"turns": [}`,
	} {
		if _, err := fake.ParseScript([]byte(script)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := fake.LoadScript(filepath.Join(t.TempDir(), "missing.json")); err == nil {
		t.Error("missing file: no error")
	}
}
