package tui_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tui"
	"github.com/honecode/hone/internal/tui/tuitest"
)

func TestCtrlSReopensEarlierSession(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake()
	fake.AddSession(session.Session{ID: "old-1", Title: "Fix the parser", UpdatedAt: 1},
		message.Message{ID: "m1", SessionID: "old-1", Role: llm.RoleUser, Parts: []llm.Part{llm.Text("parser is broken")}},
		message.Message{ID: "m2", SessionID: "old-1", Role: llm.RoleAssistant, Status: message.StatusDone, Parts: []llm.Part{llm.Text("fixed the parser")}})
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Press("ctrl+s")
	h.WaitFor(t, "Sessions", "Fix the parser")
	h.Press("enter")
	h.WaitFor(t, "┃ parser is broken", "fixed the parser")
	h.Type("more")
	h.Press("enter")
	h.WaitFor(t, "┃ more")
	if runs := fake.Runs(); len(runs) != 1 || runs[0].SessionID != "old-1" {
		t.Fatalf("runs = %+v", runs)
	}
}

func TestContinueOpensLatestSession(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake()
	fake.AddSession(session.Session{ID: "a", Title: "older", UpdatedAt: 1},
		message.Message{ID: "m1", SessionID: "a", Role: llm.RoleUser, Parts: []llm.Part{llm.Text("older prompt")}})
	fake.AddSession(session.Session{ID: "b", Title: "newer", UpdatedAt: 2},
		message.Message{ID: "m2", SessionID: "b", Role: llm.RoleUser, Parts: []llm.Part{llm.Text("newer prompt")}},
		message.Message{ID: "m3", SessionID: "b", Role: llm.RoleAssistant, Status: message.StatusStreaming, Parts: []llm.Part{llm.Text("half an ans")}})
	h := start(t, fake, tui.Options{Continue: true})
	h.WaitFor(t, "┃ newer prompt", "half an ans", "interrupted: this turn did not finish")
}

func TestCtrlCAsksWhenBusy(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Text("busy"), tuitest.Block()})
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("go")
	h.Press("enter")
	h.WaitFor(t, "busy")
	h.Press("ctrl+c")
	h.WaitFor(t, "Quit Hone?")
	h.Press("n")
	h.WaitUntil(t, "dialog closed", func(s string) bool { return !strings.Contains(s, "Quit Hone?") })
	h.Press("ctrl+c", "y")
	h.WaitUntil(t, "quit", func(string) bool { return h.Quit() })
	if fake.IsBusy(fake.Runs()[0].SessionID) {
		h.WaitUntil(t, "turn cancelled", func(string) bool { return !fake.IsBusy(fake.Runs()[0].SessionID) })
	}
}

func TestCtrlCQuitsAtOnceWhenIdle(t *testing.T) {
	t.Parallel()
	h := start(t, tuitest.NewFake(), tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Press("ctrl+c")
	h.WaitUntil(t, "quit", func(string) bool { return h.Quit() })
}

func TestOnboardingWritesSelection(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake()
	fake.Setup = tui.SetupStatus{Providers: []tui.ProviderInfo{
		{Name: "anthropic", Type: "anthropic", EnvVar: "ANTHROPIC_API_KEY"},
		{Name: "openai", Type: "openai", EnvVar: "OPENAI_API_KEY", KeySet: true, DefaultLarge: "gpt-5", DefaultSmall: "gpt-5-mini", Models: []string{"gpt-5", "gpt-5-mini"}},
	}}
	fake.Ollama = tui.OllamaInfo{}
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "Welcome to Hone", "set ANTHROPIC_API_KEY", "OPENAI_API_KEY is set", "no local Ollama")
	h.Press("enter")
	h.WaitFor(t, "large model", "gpt-5")
	h.Press("enter")
	h.WaitFor(t, "DEFAULT")
	saved := fake.Saved()
	if len(saved) != 1 || saved[0].APIKeyRef != "$OPENAI_API_KEY" || saved[0].Large != "gpt-5" || saved[0].Small != "gpt-5-mini" {
		t.Fatalf("saved = %+v", saved)
	}
}

func TestNewSessionClearsScreen(t *testing.T) {
	t.Parallel()
	h := start(t, tuitest.NewFake(), tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("hi")
	h.Press("enter")
	h.WaitFor(t, "┃ hi", "ok")
	h.Press("ctrl+n")
	h.WaitUntil(t, "chat cleared", func(s string) bool { return !strings.Contains(s, "┃ hi") })
}

func TestCtrlCWorksInsideDialogs(t *testing.T) {
	t.Parallel()
	h := start(t, tuitest.NewFake(), tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Press("ctrl+p")
	h.WaitFor(t, "Commands")
	h.Press("ctrl+c")
	h.WaitUntil(t, "quit", func(string) bool { return h.Quit() })
}

func TestCtrlCOverPermissionKeepsTheRequest(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "out.txt")
	h := start(t, tuitest.NewFake(writeTurn(path)), tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("write it")
	h.Press("enter")
	h.WaitFor(t, "Permission required")
	h.Press("ctrl+c")
	h.WaitFor(t, "Quit Hone?")
	h.Press("n")
	h.WaitFor(t, "Permission required")
	h.Press("tab", "a")
	h.WaitFor(t, "Done.")
}

func TestSessionOptionOpensThatSession(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake()
	fake.AddSession(session.Session{ID: "pick-me", UpdatedAt: 1},
		message.Message{ID: "m1", SessionID: "pick-me", Role: llm.RoleUser, Parts: []llm.Part{llm.Text("the chosen one")}})
	fake.AddSession(session.Session{ID: "newer", UpdatedAt: 2},
		message.Message{ID: "m2", SessionID: "newer", Role: llm.RoleUser, Parts: []llm.Part{llm.Text("not this")}})
	h := start(t, fake, tui.Options{SessionID: "pick-me"})
	h.WaitFor(t, "┃ the chosen one")
	h.Press("up")
	h.WaitFor(t, "> the chosen one") // history holds the session's prompts
}

func TestSidebarNamesTheModelThatAnswered(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake()
	fake.AddSession(session.Session{ID: "b", Title: "failed over", UpdatedAt: 2},
		message.Message{ID: "m1", SessionID: "b", Role: llm.RoleUser, Parts: []llm.Part{llm.Text("a prompt")}},
		message.Message{ID: "m2", SessionID: "b", Role: llm.RoleAssistant, Status: message.StatusDone,
			Provider: "backup", Model: "other", Parts: []llm.Part{llm.Text("answer from the backup")}})
	h := startSize(t, fake, tui.Options{Continue: true}, 140, 30)
	h.WaitFor(t, "answer from the backup", "model backup/other", "failover from fake/large")
}

func TestModelChosenForASessionIsKeptOnResume(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Text("answered")})
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Press("ctrl+l")
	h.WaitFor(t, "enter use · tab large/small")
	h.Type("fake/small")
	h.Press("enter")
	h.WaitFor(t, "model fake/small")
	h.Type("hi")
	h.Press("enter")
	h.WaitFor(t, "answered")
	id := fake.Runs()[0].SessionID
	h.WaitUntil(t, "the choice recorded", func(string) bool {
		s, _ := fake.GetSession(t.Context(), id)
		return s.LargeModel == "fake/small"
	})

	// A new process (the configured model again) resumes the session.
	again := tuitest.NewFake()
	s, _ := fake.GetSession(t.Context(), id)
	again.AddSession(s, fake.StoredMessages(id)...)
	h2 := start(t, again, tui.Options{SessionID: id})
	h2.WaitFor(t, "answered", "model fake/small")
	if got, _ := again.ModelState(t.Context()); got.Large != "fake/small" {
		t.Fatalf("large model after resume = %q", got.Large)
	}
}
