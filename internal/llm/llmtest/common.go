package llmtest

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/honecode/hone/internal/llm"
)

// liveness bounds how long a scenario waits for a stream that should end;
// hitting it means the adapter hangs, not that it is slow.
const liveness = 20 * time.Second

// PNGBase64 is PNG in standard base64, as it appears in request bodies.
func PNGBase64() string { return base64.StdEncoding.EncodeToString(PNG) }

// provider builds the adapter against srv with the shared HTTP client.
func (s suite) provider(t *testing.T, srv *Server) llm.Provider {
	return s.providerWith(t, srv, llm.HTTPOptions{})
}

func (s suite) providerWith(t *testing.T, srv *Server, opts llm.HTTPOptions) llm.Provider {
	client := llm.NewHTTPClient(opts)
	t.Cleanup(client.CloseIdleConnections)
	return s.h.New(srv.URL, client)
}

// collect streams req to the end, failing the test if that hangs. It
// only reports (t.Errorf), so goroutines may call it.
func (s suite) collect(t *testing.T, p llm.Provider, req *llm.Request) Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), liveness)
	defer cancel()
	r := Collect(ctx, p, req)
	if ctx.Err() != nil {
		t.Errorf("stream did not end within %s", liveness)
	}
	return r
}

// mustFinish checks r ended well-formed with the given finish reason.
func mustFinish(t *testing.T, r Result, want llm.FinishReason) {
	t.Helper()
	if r.Err != nil {
		t.Fatalf("stream error: %v\nevents: %s", r.Err, dump(r.Events))
	}
	if err := Validate(r.Events, true); err != nil {
		t.Fatalf("malformed stream: %v\nevents: %s", err, dump(r.Events))
	}
	if got := r.Finish(); got != want {
		t.Errorf("finish reason %q, want %q", got, want)
	}
}

// onlyBody returns the body of the server's single request.
func onlyBody(t *testing.T, srv *Server) []byte {
	t.Helper()
	reqs := srv.Requests()
	if len(reqs) == 0 {
		t.Fatal("the server received no request")
	}
	body := reqs[len(reqs)-1].Body
	if !json.Valid(body) {
		t.Fatalf("request body is not valid JSON: %s", body)
	}
	return body
}

func mustContain(t *testing.T, body []byte, subs ...string) {
	t.Helper()
	for _, sub := range subs {
		if !bytes.Contains(body, []byte(sub)) {
			t.Errorf("request body lacks %q:\n%s", sub, body)
		}
	}
}

// JSONEqual reports whether a and b are the same JSON value.
func JSONEqual(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

func dump(events []llm.Event) string {
	var b bytes.Buffer
	for i, ev := range events {
		b.WriteString("\n  " + strconv.Itoa(i) + " " + string(ev.Type))
		switch {
		case ev.Text != "":
			b.WriteString(" " + strconv.Quote(ev.Text))
		case ev.Part != nil:
			j, _ := json.Marshal(ev.Part)
			b.WriteString(" " + string(j))
		case ev.Type == llm.EventUsage:
			j, _ := json.Marshal(ev.Usage)
			b.WriteString(" " + string(j))
		case ev.Reason != "":
			b.WriteString(" " + string(ev.Reason))
		}
		if ev.ToolCallID != "" {
			b.WriteString(" id=" + ev.ToolCallID)
		}
	}
	return b.String()
}
