package gemini

import (
	"context"
	"testing"

	"cloud.google.com/go/auth"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// staticToken is a token provider that always returns one token.
type staticToken string

func (s staticToken) Token(context.Context) (*auth.Token, error) {
	return &auth.Token{Value: string(s), Type: "Bearer"}, nil
}

func TestVertexWithCredentials(t *testing.T) {
	t.Parallel()
	srv := llmtest.NewServer(t, fixture(t, "text"))
	hc := llm.NewHTTPClient(llm.HTTPOptions{})
	t.Cleanup(hc.CloseIdleConnections)
	c := New(Options{
		Name: "vertex", BaseURL: srv.URL, HTTPClient: hc, Headers: map[string]string{"X-Team": "hone"},
		Vertex: true, Project: "proj-1", Location: "europe-west4",
		Credentials: auth.NewCredentials(&auth.CredentialsOptions{
			TokenProvider:          staticToken("ya29.test"),
			QuotaProjectIDProvider: auth.CredentialsPropertyFunc(func(context.Context) (string, error) { return "quota-1", nil }),
		}),
	})
	r := llmtest.Collect(t.Context(), c, llmtest.SimpleRequest("gemini-2.0-flash", "hi"))
	if r.Err != nil || r.Text() != llmtest.TextAnswer {
		t.Fatalf("err %v text %q", r.Err, r.Text())
	}
	got := srv.Requests()[0]
	if want := "/v1beta1/projects/proj-1/locations/europe-west4/publishers/google/models/gemini-2.0-flash:streamGenerateContent?alt=sse"; got.Path != want {
		t.Errorf("path %q, want %q", got.Path, want)
	}
	for k, want := range map[string]string{"Authorization": "Bearer ya29.test", "X-Goog-User-Project": "quota-1", "X-Team": "hone"} {
		if v := got.Header.Get(k); v != want {
			t.Errorf("header %s = %q, want %q", k, v, want)
		}
	}
}

func TestVertexExpressMode(t *testing.T) {
	t.Parallel()
	srv := llmtest.NewServer(t, fixture(t, "text"))
	c := New(Options{Name: "vertex", BaseURL: srv.URL, APIKey: "vk", Vertex: true, Project: "ignored"})
	if r := llmtest.Collect(t.Context(), c, llmtest.SimpleRequest("gemini-2.5-flash", "hi")); r.Err != nil {
		t.Fatal(r.Err)
	}
	got := srv.Requests()[0]
	if want := "/v1beta1/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse"; got.Path != want {
		t.Errorf("path %q, want %q", got.Path, want)
	}
	if got.Header.Get("X-Goog-Api-Key") != "vk" || got.Header.Get("Authorization") != "" {
		t.Errorf("headers %v", got.Header)
	}
}

func TestMissingAPIKey(t *testing.T) {
	t.Setenv("GEMINI_API_KEY", "")
	t.Setenv("GOOGLE_API_KEY", "")
	c := New(Options{Name: "g", BaseURL: "http://127.0.0.1:1"})
	r := llmtest.Collect(t.Context(), c, llmtest.SimpleRequest("gemini-2.5-flash", "hi"))
	if k := llm.KindOf(r.Err); k != llm.KindAuth {
		t.Fatalf("error %v (kind %q), want auth", r.Err, k)
	}
}
