package gemini

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
	"github.com/honecode/hone/internal/llm/remote"
)

// TestHelperMatchesInProcess holds what the client yields through the
// helper to what it yields in this process, field by field: the events
// of every fixture, and every error case's kind, status, retry-after and
// one-line text (a transport error included: it is classified again in
// hone from the real error).
func TestHelperMatchesInProcess(t *testing.T) {
	t.Parallel()
	host := remote.NewHost([]string{os.Args[0], helperArg}, nil)
	t.Cleanup(func() { _ = host.Close() })
	hc := llm.NewHTTPClient(llm.HTTPOptions{})
	t.Cleanup(hc.CloseIdleConnections)
	h := harness(t, nil)
	cases := map[string]llmtest.Response{
		"text": h.Text, "usage": h.Usage, "tool_call": h.ToolCall, "parallel": h.ParallelToolCalls,
		"reasoning": h.Reasoning, "malformed": h.MalformedToolCall, "duplicate_ids": h.DuplicateToolCallIDs,
	}
	for _, c := range h.Errors {
		cases["error "+c.Name+string(c.Kind)] = c.Response
	}
	req := &llm.Request{Model: "gemini-2.5-flash", Messages: []llm.Message{{Role: llm.RoleUser, Parts: []llm.Part{llm.Text("hi")}}}}
	for name, resp := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			srv := llmtest.NewServer(t, resp, resp)
			local := llmtest.Collect(t.Context(), newTestClient(srv.URL, hc), req)
			spec := remote.Spec{Type: SpecType, Name: "test-gemini", BaseURL: srv.URL, APIKey: "test-key"}
			viaHelper := llmtest.Collect(t.Context(), host.Provider(spec, hc), req)
			sameResult(t, local, viaHelper)
		})
	}
	t.Run("connection refused", func(t *testing.T) {
		t.Parallel()
		url := "http://127.0.0.1:1"
		local := llmtest.Collect(t.Context(), newTestClient(url, hc), req)
		spec := remote.Spec{Type: SpecType, Name: "test-gemini", BaseURL: url, APIKey: "test-key"}
		viaHelper := llmtest.Collect(t.Context(), host.Provider(spec, hc), req)
		if local.Err == nil {
			t.Fatal("no error in process")
		}
		sameResult(t, local, viaHelper)
	})
}

// TestHelperTimeoutMatchesInProcess: a first-byte timeout of hone's
// client reads the same through the helper (its text comes from the
// *llm.TimeoutError that only hone holds).
func TestHelperTimeoutMatchesInProcess(t *testing.T) {
	t.Parallel()
	host := remote.NewHost([]string{os.Args[0], helperArg}, nil)
	t.Cleanup(func() { _ = host.Close() })
	hc := llm.NewHTTPClient(llm.HTTPOptions{FirstByteTimeout: 150 * time.Millisecond})
	t.Cleanup(hc.CloseIdleConnections)
	stall := llmtest.Response{Status: http.StatusOK, Stall: true}
	srv := llmtest.NewServer(t, stall, stall)
	req := &llm.Request{Model: "gemini-2.5-flash", Messages: []llm.Message{{Role: llm.RoleUser, Parts: []llm.Part{llm.Text("hi")}}}}
	local := llmtest.Collect(t.Context(), newTestClient(srv.URL, hc), req)
	spec := remote.Spec{Type: SpecType, Name: "test-gemini", BaseURL: srv.URL, APIKey: "test-key"}
	viaHelper := llmtest.Collect(t.Context(), host.Provider(spec, hc), req)
	if llm.KindOf(local.Err) != llm.KindTimeout {
		t.Fatalf("in process: %v; want a timeout", local.Err)
	}
	sameResult(t, local, viaHelper)
}

func sameResult(t *testing.T, local, viaHelper llmtest.Result) {
	t.Helper()
	if !reflect.DeepEqual(local.Events, viaHelper.Events) {
		t.Errorf("events through the helper differ:\n in process %+v\n helper     %+v", local.Events, viaHelper.Events)
	}
	if (local.Err == nil) != (viaHelper.Err == nil) {
		t.Fatalf("error in process %v, through the helper %v", local.Err, viaHelper.Err)
	}
	if local.Err == nil {
		return
	}
	var a, b *llm.Error
	if !errors.As(local.Err, &a) || !errors.As(viaHelper.Err, &b) {
		t.Fatalf("errors %T, %T; want *llm.Error", local.Err, viaHelper.Err)
	}
	if a.Kind != b.Kind || a.Status != b.Status || a.RetryAfter != b.RetryAfter || a.Provider != b.Provider || a.Error() != b.Error() {
		t.Errorf("error through the helper differs:\n in process %s %d %v %q %q\n helper     %s %d %v %q %q",
			a.Kind, a.Status, a.RetryAfter, a.Provider, a.Error(), b.Kind, b.Status, b.RetryAfter, b.Provider, b.Error())
	}
}

// TestFromSpecRefusesOtherTypes: a helper asked for another provider type
// says so.
func TestFromSpecRefusesOtherTypes(t *testing.T) {
	if _, err := FromSpec(remote.Spec{Type: "anthropic", Name: "x"}, http.DefaultClient); err == nil {
		t.Fatal("FromSpec built an anthropic provider")
	}
}

// countingTransport counts the requests hone's client makes.
type countingTransport struct{ n *atomic.Int32 }

func (c countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return http.DefaultTransport.RoundTrip(r)
}

// TestVertexADCThroughHelper: Vertex AI with Application Default
// Credentials through the helper. The helper finds the credentials file
// (it inherits hone's environment), and the token request, like the API
// call, is made by hone's client. Not parallel: it sets the environment
// the helper inherits.
func TestVertexADCThroughHelper(t *testing.T) {
	var tokens atomic.Int32
	tokenSrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil || r.Form.Get("grant_type") != "urn:ietf:params:oauth:grant-type:jwt-bearer" || r.Form.Get("assertion") == "" {
			http.Error(w, `{"error":"invalid_grant"}`, http.StatusBadRequest)
			return
		}
		tokens.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"access_token":"ya29.adc","expires_in":3600,"token_type":"Bearer"}`)
	}))
	t.Cleanup(tokenSrv.Close)
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	file, err := json.Marshal(map[string]string{
		"type": "service_account", "project_id": "proj-1", "private_key_id": "k1",
		"private_key":  string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})),
		"client_email": "hone@proj-1.iam.gserviceaccount.com", "client_id": "1", "token_uri": tokenSrv.URL,
	})
	if err != nil {
		t.Fatal(err)
	}
	creds := filepath.Join(t.TempDir(), "adc.json")
	if err := os.WriteFile(creds, file, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOOGLE_APPLICATION_CREDENTIALS", creds)
	srv := llmtest.NewServer(t, fixture(t, "text"))
	var viaHone atomic.Int32
	hc := &http.Client{Transport: countingTransport{&viaHone}}
	host := remote.NewHost([]string{os.Args[0], helperArg}, nil)
	t.Cleanup(func() { _ = host.Close() })
	spec := remote.Spec{Type: SpecType, Name: "vertex", BaseURL: srv.URL, Vertex: true,
		Options: map[string]any{"project": "proj-1", "location": "europe-west4"}}
	r := llmtest.Collect(t.Context(), host.Provider(spec, hc), llmtest.SimpleRequest("gemini-2.0-flash", "hi"))
	if r.Err != nil || r.Text() != llmtest.TextAnswer {
		t.Fatalf("err %v text %q", r.Err, r.Text())
	}
	if got := srv.Requests()[0].Header.Get("Authorization"); got != "Bearer ya29.adc" {
		t.Errorf("Authorization %q, want the token from the credentials file", got)
	}
	if tokens.Load() != 1 || viaHone.Load() != 2 {
		t.Errorf("%d token requests, %d requests through hone's client; want 1 and 2 (the token, the call)", tokens.Load(), viaHone.Load())
	}
}
