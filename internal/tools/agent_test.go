package tools

import (
	"context"
	"errors"
	"testing"
)

// fakeSubAgent answers with answer (or err) and records its calls.
type fakeSubAgent struct {
	answer string
	err    error
	calls  [][3]string // parent session, call id, prompt
}

func (f *fakeSubAgent) RunSubAgent(_ context.Context, parent, callID, prompt string) (string, error) {
	f.calls = append(f.calls, [3]string{parent, callID, prompt})
	return f.answer, f.err
}

func TestAgent(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	sub := &fakeSubAgent{answer: "config lives in internal/config/config.go:12"}
	te.SubAgent = sub
	res := te.run(t, "agent", jsonArgs{"prompt": "Find where the config is loaded.\nReport file and line."})
	if res.IsError || res.Content != sub.answer || res.Display.Title != "Find where the config is loaded." {
		t.Errorf("result = %+v", res)
	}
	if len(sub.calls) != 1 || sub.calls[0] != [3]string{"s1", "c1", "Find where the config is loaded.\nReport file and line."} {
		t.Errorf("calls = %v", sub.calls)
	}
	sub.err = errors.New("model unavailable")
	if res := te.run(t, "agent", jsonArgs{"prompt": "x"}); !res.IsError {
		t.Errorf("failing sub-agent: %+v", res)
	}
	if res := te.run(t, "agent", jsonArgs{"prompt": " "}); !res.IsError {
		t.Errorf("empty prompt: %+v", res)
	}
	te.SubAgent = nil
	if res := te.run(t, "agent", jsonArgs{"prompt": "x"}); !res.IsError {
		t.Errorf("no sub-agent runner: %+v", res)
	}
}
