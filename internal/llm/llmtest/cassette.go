package llmtest

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"
)

// Interaction is one recorded HTTP exchange of a go-vcr (version 2)
// cassette.
type Interaction struct {
	Request struct {
		Method string `yaml:"method"`
		URL    string `yaml:"url"`
		Body   string `yaml:"body"`
	} `yaml:"request"`
	Response struct {
		Code    int                 `yaml:"code"`
		Headers map[string][]string `yaml:"headers"`
		Body    string              `yaml:"body"`
	} `yaml:"response"`
}

// CassetteDir returns the shared recorded-traffic folder,
// ../shared/fixtures/cassettes relative to the repository root (found by
// walking up from the working directory to go.mod). The test is skipped
// when the folder is absent: fixtures are never copied into the repo.
func CassetteDir(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("no go.mod above the working directory")
		}
		dir = parent
	}
	cassettes := filepath.Join(dir, "..", "shared", "fixtures", "cassettes")
	if _, err := os.Stat(cassettes); err != nil {
		t.Skipf("recorded fixtures not available: %v", err)
	}
	return cassettes
}

// LoadCassette reads a cassette file (a path under CassetteDir, such as
// "deepseek-v4/bash_tool.yaml").
func LoadCassette(t testing.TB, name string) []Interaction {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(CassetteDir(t), name))
	if err != nil {
		t.Fatalf("read cassette: %v", err)
	}
	var c struct {
		Interactions []Interaction `yaml:"interactions"`
	}
	if err := yaml.Unmarshal(raw, &c); err != nil {
		t.Fatalf("parse cassette %s: %v", name, err)
	}
	return c.Interactions
}

// IsStream reports whether the interaction's response is an SSE stream.
func (in Interaction) IsStream() bool {
	for k, v := range in.Response.Headers {
		if strings.EqualFold(k, "Content-Type") && len(v) > 0 && strings.HasPrefix(v[0], "text/event-stream") {
			return true
		}
	}
	return false
}

// Replay returns the recorded response as a Response: the recorded status,
// headers (minus the framing ones: Content-Length, Transfer-Encoding,
// Content-Encoding) and body, byte for byte, written one SSE event (a block ending
// in a blank line) per chunk.
func (in Interaction) Replay() Response {
	r := Response{Status: in.Response.Code, Header: http.Header{}}
	for k, v := range in.Response.Headers {
		switch k = http.CanonicalHeaderKey(k); k {
		case "Content-Length", "Transfer-Encoding", "Content-Encoding":
		default:
			r.Header[k] = v
		}
	}
	body := []byte(in.Response.Body)
	for len(body) > 0 {
		i := bytes.Index(body, []byte("\n\n"))
		if i < 0 {
			r.Chunks = append(r.Chunks, body)
			break
		}
		r.Chunks = append(r.Chunks, body[:i+2])
		body = body[i+2:]
	}
	return r
}
