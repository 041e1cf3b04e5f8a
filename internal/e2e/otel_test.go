package e2e

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	coltracepb "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"
)

// otlpReceiver is an in-process OTLP/HTTP collector decoding the
// protobuf trace exports it receives.
type otlpReceiver struct {
	srv     *httptest.Server
	mu      sync.Mutex
	spans   []*tracepb.Span
	metrics int
}

func newOTLPReceiver(t *testing.T) *otlpReceiver {
	r := &otlpReceiver{}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		defer r.mu.Unlock()
		switch req.URL.Path {
		case "/v1/traces":
			var msg coltracepb.ExportTraceServiceRequest
			if err := proto.Unmarshal(body, &msg); err != nil {
				t.Errorf("otlp receiver: %v", err)
				http.Error(w, "bad", http.StatusBadRequest)
				return
			}
			for _, rs := range msg.ResourceSpans {
				for _, ss := range rs.ScopeSpans {
					r.spans = append(r.spans, ss.Spans...)
				}
			}
		case "/v1/metrics":
			r.metrics++
		}
		w.Header().Set("Content-Type", "application/x-protobuf")
	}))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *otlpReceiver) byName() (map[string][]*tracepb.Span, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := map[string][]*tracepb.Span{}
	for _, s := range r.spans {
		out[s.Name] = append(out[s.Name], s)
	}
	return out, r.metrics
}

func spanAttr(s *tracepb.Span, key string) *tracepb.Span {
	for _, kv := range s.Attributes {
		if kv.Key == key {
			return s
		}
	}
	return nil
}

// TestRunExportsSpansToOTLP: with OTEL_EXPORTER_OTLP_ENDPOINT set, `hone
// run` sends a span per turn, step, tool call and sub-agent, nested as
// they ran, with token attributes and without content; metrics too.
func TestRunExportsSpansToOTLP(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	rec := newOTLPReceiver(t)
	e.extra = append(e.extra, "OTEL_EXPORTER_OTLP_ENDPOINT="+rec.srv.URL)
	srv := serveReplies(t,
		reply{text: "Delegating.", calls: []call{{id: "a1", name: "agent", args: `{"prompt":"find the go files"}`}}},
		reply{text: "Looking.", calls: []call{{id: "g1", name: "glob", args: `{"pattern":"*.go"}`}}},
		reply{text: "None."},
		reply{text: "No Go files."})
	e.useServer(srv.URL())
	e.mustRun(0, "run", "any go files?")
	spans, metrics := rec.byName()
	if len(spans["turn"]) != 1 || len(spans["subagent"]) != 1 || len(spans["tool agent"]) != 1 || len(spans["tool glob"]) != 1 || len(spans["step"]) != 4 {
		t.Fatalf("spans received: %v", spans)
	}
	turn, sub, agentCall, glob := spans["turn"][0], spans["subagent"][0], spans["tool agent"][0], spans["tool glob"][0]
	if string(agentCall.ParentSpanId) != string(turn.SpanId) || string(sub.ParentSpanId) != string(agentCall.SpanId) ||
		string(glob.ParentSpanId) != string(sub.SpanId) {
		t.Errorf("spans are not nested turn → agent call → sub-agent → glob")
	}
	for _, s := range spans["step"] {
		if spanAttr(s, "gen_ai.usage.input_tokens") == nil || spanAttr(s, "hone.cost_usd") == nil {
			t.Errorf("step span without token or cost attributes: %v", s.Attributes)
		}
	}
	if spanAttr(agentCall, "hone.tool.input") != nil {
		t.Errorf("tool input exported without include_content")
	}
	if metrics == 0 {
		t.Errorf("no metrics exported")
	}
}

// TestRunExportsContentOnlyWhenAsked: the config's endpoint with
// include_content exports tool input; disabled sends nothing even with
// OTEL_EXPORTER_OTLP_ENDPOINT set.
func TestRunExportsContentOnlyWhenAsked(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	rec := newOTLPReceiver(t)
	srv := serveReplies(t, reply{text: "Looking.", calls: []call{{id: "g1", name: "glob", args: `{"pattern":"*.md"}`}}},
		reply{text: "None."}, reply{text: "Hi."})
	e.useServer(srv.URL())
	e.addConfig(map[string]any{"options": map[string]any{"telemetry": map[string]any{"otlp_endpoint": rec.srv.URL, "include_content": true}}})
	e.mustRun(0, "run", "any docs?")
	spans, _ := rec.byName()
	if len(spans["tool glob"]) != 1 || spanAttr(spans["tool glob"][0], "hone.tool.input") == nil {
		t.Fatalf("tool span without its input: %v", spans)
	}

	off := newOTLPReceiver(t)
	e.extra = append(e.extra, "OTEL_EXPORTER_OTLP_ENDPOINT="+off.srv.URL)
	e.addConfig(map[string]any{"options": map[string]any{"telemetry": map[string]any{"disabled": true}}})
	e.mustRun(0, "run", "hello")
	if spans, metrics := off.byName(); len(spans) != 0 || metrics != 0 {
		t.Errorf("exported while disabled: %v, %d", spans, metrics)
	}
}

// TestRunWithoutHoneFullExportsNothingAndSaysSo: hone does not link the
// OTel SDK and hands a run that exports to hone-full. Alone, without
// hone-full next to it, hone answers as usual, exports nothing and says
// so on stderr.
func TestRunWithoutHoneFullExportsNothingAndSaysSo(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.bin = honeAlone(t)
	rec := newOTLPReceiver(t)
	e.extra = append(e.extra, "OTEL_EXPORTER_OTLP_ENDPOINT="+rec.srv.URL)
	e.useServer(serveReplies(t, reply{text: "Hi there."}).URL())
	r := e.mustRun(0, "run", "hello")
	if !strings.Contains(r.stdout, "Hi there.") || !strings.Contains(r.stderr, "hone-full") {
		t.Errorf("want the answer on stdout and a note naming hone-full on stderr:\n%s", r)
	}
	if spans, metrics := rec.byName(); len(spans) != 0 || metrics != 0 {
		t.Errorf("exported without hone-full: %v, %d", spans, metrics)
	}
}

// TestRunHandsStdinToHoneFull: a run that exports replaces hone with
// hone-full before it reads stdin, so a prompt piped in reaches the model
// whole, and the turn is exported.
func TestRunHandsStdinToHoneFull(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	rec := newOTLPReceiver(t)
	e.extra = append(e.extra, "OTEL_EXPORTER_OTLP_ENDPOINT="+rec.srv.URL)
	srv := serveReplies(t, reply{text: "Read it."})
	e.useServer(srv.URL())
	r := e.honeIn("the piped prompt\n", "run")
	if r.code != 0 || !strings.Contains(r.stdout, "Read it.") {
		t.Fatalf("hone run with stdin: %s", r)
	}
	mains := srv.MainRequests()
	if len(mains) != 1 {
		t.Fatalf("%d model requests, want 1", len(mains))
	}
	msgs := mains[0].Body.Messages
	if last := msgs[len(msgs)-1]; !strings.Contains(strings.Join(last.Texts(), " "), "the piped prompt") {
		t.Errorf("the model got %q, not the piped prompt", last.Texts())
	}
	if spans, _ := rec.byName(); len(spans["turn"]) != 1 {
		t.Errorf("spans received: %v", spans)
	}
}
