package redact_test

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/honecode/hone/internal/redact"
)

func TestStringReplacesEverySecret(t *testing.T) {
	t.Parallel()
	r := redact.New("sk-ant-0123456789", "short", "")
	r.Add("sk-ant-0123456789-extended", "  ghp_abcdefghij  ")
	got := r.String("a sk-ant-0123456789-extended b sk-ant-0123456789 c ghp_abcdefghij short")
	want := "a [redacted] b [redacted] c [redacted] short"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	var none *redact.Redactor
	if none.String("sk-ant-0123456789") != "sk-ant-0123456789" {
		t.Error("a nil Redactor must redact nothing")
	}
}

func TestHandlerRedactsEveryLogLine(t *testing.T) {
	t.Parallel()
	const key = "sk-proj-SECRETSECRET"
	r := redact.New(key)
	var buf bytes.Buffer
	log := slog.New(r.Handler(slog.NewTextHandler(&buf, nil)))
	log = log.With("base", "url?k="+key).WithGroup("call")
	log.Warn("model failed: "+key, "err", errors.New("401 invalid key "+key), "detail", map[string]string{"k": key},
		slog.Group("req", "header", "Bearer "+key), "api_key", "anything", "n", 3)
	out := buf.String()
	if strings.Contains(out, key) || strings.Contains(out, "SECRET") {
		t.Fatalf("secret in the log:\n%s", out)
	}
	for _, want := range []string{"model failed: [redacted]", "401 invalid key [redacted]", "call.api_key=[redacted]", "call.n=3"} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %q:\n%s", want, out)
		}
	}
}

func TestConcurrentAddAndString(t *testing.T) {
	t.Parallel()
	r := redact.New()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			r.Add(strings.Repeat(string(rune('a'+i)), 10))
			_ = r.String("aaaaaaaaaa bbbbbbbbbb")
		})
	}
	wg.Wait()
	if got := r.String("aaaaaaaaaa"); got != redact.Marker {
		t.Errorf("got %q", got)
	}
}
