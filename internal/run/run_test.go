package run_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/agent/agenttest"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/run"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tools"
)

type env struct {
	co    *agent.Coordinator
	sess  *agenttest.Sessions
	msgs  *agenttest.Messages
	tools *agenttest.Tools
	model *fake.Model
	dir   string
	out   bytes.Buffer
	err   bytes.Buffer
}

func newEnv(t *testing.T, m *fake.Model) *env {
	t.Helper()
	e := &env{sess: agenttest.NewSessions(), msgs: agenttest.NewMessages(), model: m, dir: t.TempDir()}
	e.tools = agenttest.NewTools().Add("glob", true, agenttest.Echo)
	e.co = agent.NewCoordinator(agent.Config{
		Large:         []agent.Candidate{{Provider: "p", Model: "m", Client: m, Spec: agent.ModelSpec{ContextWindow: 100_000, PriceIn: 1}}},
		WorkDir:       e.dir,
		DisableTitles: true,
		DisableGit:    true,
	}, agent.Deps{Messages: e.msgs, Sessions: e.sess, Tools: e.tools})
	t.Cleanup(func() { e.co.Close() })
	return e
}

func (e *env) exec(ctx context.Context, opts run.Options) (run.ExitCode, error) {
	if opts.ProjectDir == "" {
		opts.ProjectDir = e.dir
	}
	return run.Execute(ctx, run.Deps{Agent: e.co, Sessions: e.sess}, opts, run.IO{Out: &e.out, Err: &e.err})
}

func twoStep() *fake.Model {
	return fake.New(
		fake.Turn{fake.Text("Let me look."), fake.ToolCall("glob", map[string]any{"pattern": "*.go"})},
		fake.Turn{fake.Text("There are two files.").Chunked(4), fake.Usage(llm.Usage{Input: 1000, Output: 10})},
	)
}

func TestTextOutput(t *testing.T) {
	t.Parallel()
	e := newEnv(t, twoStep())
	code, err := e.exec(t.Context(), run.Options{Prompt: "list go files"})
	if code != run.ExitOK || err != nil {
		t.Fatalf("code %d err %v", code, err)
	}
	if got := e.out.String(); got != "Let me look.\nThere are two files.\n" {
		t.Errorf("stdout %q", got)
	}
	if got := e.err.String(); !strings.Contains(got, "● glob *.go\n✓ glob *.go\n") {
		t.Errorf("stderr %q", got)
	}
	e.model.AssertConsumed(t)
}

func TestQuietTextOutput(t *testing.T) {
	t.Parallel()
	e := newEnv(t, twoStep())
	if code, _ := e.exec(t.Context(), run.Options{Prompt: "x", Quiet: true}); code != run.ExitOK {
		t.Fatalf("code %d", code)
	}
	if e.err.Len() != 0 {
		t.Errorf("stderr %q", e.err.String())
	}
}

func TestJSONOutput(t *testing.T) {
	t.Parallel()
	e := newEnv(t, twoStep())
	code, err := e.exec(t.Context(), run.Options{Prompt: "x", Format: run.FormatJSON})
	if code != run.ExitOK || err != nil {
		t.Fatalf("code %d err %v", code, err)
	}
	var r struct {
		SessionID  string    `json:"session_id"`
		Result     string    `json:"result"`
		ExitReason string    `json:"exit_reason"`
		ExitCode   int       `json:"exit_code"`
		Steps      int       `json:"steps"`
		Usage      llm.Usage `json:"usage"`
		Cost       float64   `json:"cost"`
	}
	dec := json.NewDecoder(&e.out)
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("decode %q: %v", e.out.String(), err)
	}
	if r.SessionID == "" || r.Result != "There are two files." || r.ExitReason != "done" || r.Steps != 2 || r.Usage.Input < 1000 || r.Cost <= 0 {
		t.Errorf("result %+v", r)
	}
	if dec.More() {
		t.Error("more than one JSON value on stdout")
	}
}

func TestStreamJSONOutput(t *testing.T) {
	t.Parallel()
	e := newEnv(t, twoStep())
	if code, err := e.exec(t.Context(), run.Options{Prompt: "x", Format: run.FormatStreamJSON}); code != run.ExitOK {
		t.Fatalf("code %d err %v", code, err)
	}
	var types []string
	var text strings.Builder
	sc := bufio.NewScanner(&e.out)
	for sc.Scan() {
		var l map[string]any
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		typ := l["type"].(string)
		if len(types) == 0 || types[len(types)-1] != typ {
			types = append(types, typ)
		}
		if typ == "text" {
			text.WriteString(l["text"].(string))
		}
	}
	want := "turn_started,text,step,tool_call,tool_result,text,step,result"
	if got := strings.Join(types, ","); got != want {
		t.Errorf("line types %s, want %s", got, want)
	}
	if text.String() != "Let me look.There are two files." {
		t.Errorf("streamed text %q", text.String())
	}
}

func TestExitCodes(t *testing.T) {
	t.Parallel()
	denied := func(context.Context, tools.Call) tools.Result {
		r := tools.ErrorResult("permission denied for edit (mode default)")
		r.Denied = true
		return r
	}
	for name, c := range map[string]struct {
		turns []fake.Turn
		opts  run.Options
		code  run.ExitCode
		msg   string
	}{
		"max steps":   {[]fake.Turn{{fake.ToolCall("glob", nil)}}, run.Options{MaxSteps: 1}, run.ExitLimit, "step limit"},
		"max cost":    {nil, run.Options{MaxCost: 1e-12}, run.ExitLimit, "cost limit"},
		"auth":        {[]fake.Turn{{fake.Error(llm.KindAuth)}}, run.Options{}, run.ExitAuth, "auth"},
		"unavailable": {[]fake.Turn{{fake.Error(llm.KindOverloaded)}}, run.Options{}, run.ExitUnavailable, "529 overloaded for provider fake"},
		"denied":      {[]fake.Turn{{fake.ToolCall("edit", nil)}, {fake.Text("cannot")}}, run.Options{}, run.ExitDenied, "denied"},
		"empty":       {[]fake.Turn{{fake.Text("")}}, run.Options{}, run.ExitEmptyAnswer, "without an answer"},
		"loop": {[]fake.Turn{{fake.ToolCall("glob", nil)}, {fake.ToolCall("glob", nil)}, {fake.ToolCall("glob", nil)}},
			run.Options{}, run.ExitLoop, "repeating"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, fake.New(c.turns...))
			e.tools.Add("edit", false, denied)
			c.opts.Prompt = "go"
			code, err := e.exec(t.Context(), c.opts)
			if code != c.code || err == nil || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("code %d err %v, want %d %q", code, err, c.code, c.msg)
			}
			if name == "denied" && !strings.Contains(e.err.String(), "✗ edit: denied — permission denied for edit (mode default)") {
				t.Errorf("stderr %q", e.err.String())
			}
		})
	}
}

func TestInterruptExits130(t *testing.T) {
	t.Parallel()
	sig, never := make(chan struct{}), make(chan struct{})
	e := newEnv(t, fake.New(fake.Turn{fake.Text("partial"), fake.Signal(sig), fake.WaitFor(never)}))
	ctx, cancel := context.WithCancel(t.Context())
	go func() { <-sig; cancel() }()
	code, err := e.exec(ctx, run.Options{Prompt: "x"})
	if code != run.ExitInterrupted || err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Errorf("code %d err %v", code, err)
	}
	if e.out.String() != "partial\n" {
		t.Errorf("stdout %q", e.out.String())
	}
}

func TestSessionSelection(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fake.New(fake.Turn{fake.Text("one")}, fake.Turn{fake.Text("two")}, fake.Turn{fake.Text("three")}))
	if code, err := e.exec(t.Context(), run.Options{Prompt: "first", Continue: true}); code != run.ExitOK {
		t.Fatalf("code %d %v", code, err)
	}
	if !strings.Contains(e.err.String(), "starting a new one") {
		t.Errorf("stderr %q", e.err.String())
	}
	first, _ := e.sess.Latest(t.Context(), e.dir)
	if code, _ := e.exec(t.Context(), run.Options{Prompt: "second", Continue: true}); code != run.ExitOK {
		t.Fatal(code)
	}
	if n := len(e.model.Requests()[1].Messages); n != 3 {
		t.Errorf("-C sent %d messages, want the earlier turn too", n)
	}
	if code, _ := e.exec(t.Context(), run.Options{Prompt: "third", SessionID: first.ID[:6]}); code != run.ExitOK {
		t.Fatal(code)
	}
	if n := len(e.model.Requests()[2].Messages); n != 5 {
		t.Errorf("-s sent %d messages", n)
	}
	if code, err := e.exec(t.Context(), run.Options{Prompt: "x", SessionID: "nope"}); code != run.ExitUsage || err == nil {
		t.Errorf("unknown session: %d %v", code, err)
	}
}

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fake.New())
	if code, err := e.exec(t.Context(), run.Options{Prompt: "  "}); code != run.ExitUsage || !errors.Is(err, run.ErrNoPrompt) {
		t.Errorf("empty prompt: %d %v", code, err)
	}
	if code, err := e.exec(t.Context(), run.Options{Prompt: "x", Format: "yaml"}); code != run.ExitUsage || err == nil {
		t.Errorf("bad format: %d %v", code, err)
	}
}

func TestCodeForIsDistinct(t *testing.T) {
	t.Parallel()
	seen := map[run.ExitCode]agent.ExitReason{}
	for _, r := range []agent.ExitReason{agent.ExitDone, agent.ExitCanceled, agent.ExitMaxSteps, agent.ExitLoop,
		agent.ExitProviderError, agent.ExitAuth, agent.ExitPermissionDenied, agent.ExitError, agent.ExitEmptyAnswer, agent.ExitQueued} {
		c := run.CodeFor(r)
		if prev, dup := seen[c]; dup {
			t.Errorf("%s and %s share code %d", prev, r, c)
		}
		seen[c] = r
	}
	if run.CodeFor(agent.ExitMaxCost) != run.CodeFor(agent.ExitMaxSteps) || run.CodeFor(agent.ExitCanceled) != 130 {
		t.Error("limits must share one code and interrupts exit 130")
	}
}

func TestPrompt(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"explain", "this"}, "", "explain this"},
		{[]string{"explain", "this"}, "func main() {}\n\n", "func main() {}\n\nexplain this"},
		{nil, "only stdin\n", "only stdin"},
		{[]string{"args"}, " \n", "args"},
	} {
		if got := run.Prompt(c.args, c.stdin); got != c.want {
			t.Errorf("Prompt(%q, %q) = %q; want %q", c.args, c.stdin, got, c.want)
		}
	}
}

func TestRunWaitsForSlowEvents(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fake.New(fake.Turn{fake.ChunkDelay(time.Millisecond), fake.Text("abcdefghij").Chunked(1)}))
	if code, _ := e.exec(t.Context(), run.Options{Prompt: "x"}); code != run.ExitOK || e.out.String() != "abcdefghij\n" {
		t.Errorf("code %d stdout %q", code, e.out.String())
	}
}

func TestNoModelIsAConfigError(t *testing.T) {
	t.Parallel()
	sess := agenttest.NewSessions()
	co := agent.NewCoordinator(agent.Config{}, agent.Deps{Messages: agenttest.NewMessages(), Sessions: sess, Tools: agenttest.NewTools()})
	defer co.Close()
	var out, errb bytes.Buffer
	code, err := run.Execute(t.Context(), run.Deps{Agent: co, Sessions: sess}, run.Options{Prompt: "x", ProjectDir: "/p"}, run.IO{Out: &out, Err: &errb})
	if code != run.ExitUsage || !errors.Is(err, agent.ErrNoModel) {
		t.Errorf("code %d err %v", code, err)
	}
}

// lockedSessions fails to create a session as a locked database does.
type lockedSessions struct{ *agenttest.Sessions }

func (lockedSessions) Create(context.Context, string) (session.Session, error) {
	return session.Session{}, errors.New("create session in /p: database is locked (5) (SQLITE_BUSY)")
}

func TestLockedDatabaseIsAnErrorNotUsage(t *testing.T) {
	t.Parallel()
	sess := lockedSessions{agenttest.NewSessions()}
	co := agent.NewCoordinator(agent.Config{}, agent.Deps{Messages: agenttest.NewMessages(), Sessions: sess.Sessions, Tools: agenttest.NewTools()})
	defer co.Close()
	var out, errb bytes.Buffer
	code, err := run.Execute(t.Context(), run.Deps{Agent: co, Sessions: sess}, run.Options{Prompt: "x", ProjectDir: "/p"}, run.IO{Out: &out, Err: &errb})
	if code != run.ExitError || err == nil || !strings.Contains(err.Error(), "locked") {
		t.Errorf("code %d err %v, want exit 1 naming the lock", code, err)
	}
}
