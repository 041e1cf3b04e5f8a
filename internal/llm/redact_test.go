package llm

import (
	"errors"
	"strings"
	"testing"
)

func TestRedactErrors(t *testing.T) {
	t.Parallel()
	const key = "sk-live-0123456789"
	red := func(s string) string { return strings.ReplaceAll(s, key, "[redacted]") }
	echoed := &Error{Kind: KindAuth, Status: 401, Provider: "work", Message: "invalid key " + key, Err: errors.New("body: " + key)}
	retried := &Error{Kind: KindServer, Status: 500, Message: "bad " + key}
	sp := &scripted{attempts: []attempt{{err: retried}, {err: echoed}}}
	p := RedactErrors(WithRetry(sp, RetryPolicy{Sleep: (&sleeper{}).sleep}), red)
	var texts []string
	var last error
	for ev, err := range p.Stream(t.Context(), &Request{}) {
		if err != nil {
			last = err
			continue
		}
		if ev.Type == EventRetry {
			texts = append(texts, ev.Retry.String())
		}
	}
	var e *Error
	if !errors.As(last, &e) || e.Kind != KindAuth || e.Status != 401 {
		t.Fatalf("error %v lost its classification", last)
	}
	texts = append(texts, last.Error(), e.Err.Error())
	for _, s := range texts {
		if strings.Contains(s, key) || !strings.Contains(s, "[redacted]") {
			t.Errorf("not redacted: %q", s)
		}
	}
	if echoed.Message != "invalid key "+key {
		t.Error("the original error was modified")
	}
}
