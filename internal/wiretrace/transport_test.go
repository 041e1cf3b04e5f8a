package wiretrace_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/redact"
	"github.com/honecode/hone/internal/wiretrace"
)

type sessionKey struct{}

func sessionOf(ctx context.Context) string {
	s, _ := ctx.Value(sessionKey{}).(string)
	return s
}

// TestTraceKeepsNoSecret: a key sent in headers, the query and the body,
// and echoed back by the server split over many writes, never reaches the
// file; the trace still has the request and every streamed line.
func TestTraceKeepsNoSecret(t *testing.T) {
	t.Parallel()
	const key = "sk-ant-secret-0123456789abcdef"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Set-Cookie", "session="+key)
		fl := w.(http.Flusher)
		for _, piece := range []string{"data: {\"a\":1}\n\n", "data: {\"echo\":\"" + key[:10], key[10:] + "\"}\n\n", "data: [DONE]"} {
			io.WriteString(w, piece)
			fl.Flush()
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	red := redact.New(key)
	tr := &wiretrace.Transport{Base: http.DefaultTransport, Rec: wiretrace.NewRecorder(dir, red.String),
		Kind: wiretrace.KindLLM, Session: sessionOf}
	ctx := context.WithValue(t.Context(), sessionKey{}, "ses-1")
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/v1/messages?key="+key+"&alt=sse",
		strings.NewReader(`{"prompt":"my key is `+key+`"}`))
	req.Header.Set("x-api-key", key)
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("X-Custom-Token", "short")
	req.Header.Set("Anthropic-Version", "2023-06-01")
	res, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(body), key) {
		t.Fatalf("the caller's body was changed: %q", body)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "ses-1.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), key) || strings.Contains(string(raw), key[:10]) || strings.Contains(string(raw), "short") {
		t.Fatalf("trace holds a secret:\n%s", raw)
	}
	for _, want := range []string{`"dir":"request"`, `"method":"POST"`, `"X-Api-Key":"[redacted]"`, `"Authorization":"[redacted]"`, `"Anthropic-Version":"2023-06-01"`,
		`alt=sse`, `"dir":"response"`, `"status":200`, `\"a\":1`, `[DONE]`, `my key is [redacted]`} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("trace lacks %s:\n%s", want, raw)
		}
	}
	info, err := os.Stat(filepath.Join(dir, "ses-1.jsonl"))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("trace file mode %v, %v", info.Mode(), err)
	}
}

func TestPathKeepsOddIDsInTheUnattachedFile(t *testing.T) {
	t.Parallel()
	for _, id := range []string{"", "../x", "a/b", "ses 1"} {
		if got := wiretrace.Path("/d", id); got != "/d/unattached.jsonl" {
			t.Errorf("Path(%q) = %s", id, got)
		}
	}
	if got := wiretrace.Path("/d", "01a2-b_c"); got != "/d/01a2-b_c.jsonl" {
		t.Errorf("Path = %s", got)
	}
}
