package tools

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

const examplePage = `<!doctype html><html><head><title>Example</title><style>p{}</style><script>var x;</script></head>
<body><h1>Names</h1><p>The name <b>John Doe</b> is a placeholder.</p><ul><li>one</li><li>two</li></ul>
<a href="/more">more</a></body></html>`

// webServer serves fixed responses by path, as a replay server would.
func webServer(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/page.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(examplePage))
	})
	mux.HandleFunc("/data.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"a": 1}`))
	})
	mux.HandleFunc("/image.png", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		_, _ = w.Write([]byte("\x89PNG\r\n\x1a\n"))
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	mux.HandleFunc("/replay/example-files.online-convert.com/document/txt/example.txt", func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte("TXT test file\n"))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func TestFetch(t *testing.T) {
	t.Parallel()
	srv := webServer(t)
	tests := []struct {
		name     string
		args     jsonArgs
		contains []string
		absent   []string
		isError  bool
	}{
		{"markdown default", jsonArgs{"url": srv.URL + "/page.html"}, []string{"# Names", "**John Doe**", "- one"}, []string{"<p>", "var x"}, false},
		{"text", jsonArgs{"url": srv.URL + "/page.html", "format": "text"}, []string{"Names\nThe name John Doe is a placeholder.\none\ntwo"}, []string{"<", "var x", "p{}"}, false},
		{"html", jsonArgs{"url": srv.URL + "/page.html", "format": "html"}, []string{"<b>John Doe</b>"}, nil, false},
		{"json as is", jsonArgs{"url": srv.URL + "/data.json", "format": "markdown"}, []string{`{"a": 1}`}, nil, false},
		{"binary refused", jsonArgs{"url": srv.URL + "/image.png"}, []string{"image/png", "download"}, nil, true},
		{"404", jsonArgs{"url": srv.URL + "/missing"}, []string{"404"}, nil, true},
		{"bad scheme", jsonArgs{"url": "file:///etc/passwd"}, []string{"only http and https"}, nil, true},
		{"no host", jsonArgs{"url": "https:///x"}, []string{"no host"}, nil, true},
		{"bad format", jsonArgs{"url": srv.URL, "format": "pdf"}, []string{`"format" must be one of "text", "markdown", "html"`}, nil, true},
		{"timeout", jsonArgs{"url": srv.URL + "/slow", "timeout": 1}, []string{"could not fetch"}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			te := newToolEnv(t)
			res := te.run(t, "fetch", tt.args)
			if res.IsError != tt.isError {
				t.Fatalf("IsError = %v: %s", res.IsError, res.Content)
			}
			for _, c := range tt.contains {
				if !strings.Contains(res.Content, c) {
					t.Errorf("content lacks %q:\n%s", c, res.Content)
				}
			}
			for _, c := range tt.absent {
				if strings.Contains(res.Content, c) {
					t.Errorf("content has %q:\n%s", c, res.Content)
				}
			}
		})
	}
}

func TestFetchAsksNetworkAndRoutes(t *testing.T) {
	t.Parallel()
	srv := webServer(t)
	te := newToolEnv(t)
	te.FetchBaseURL = srv.URL + "/replay/"
	res := te.run(t, "fetch", jsonArgs{"url": "https://example-files.online-convert.com/document/txt/example.txt", "format": "text"})
	if res.IsError || !strings.Contains(res.Content, "TXT test file") {
		t.Fatalf("routed fetch: %+v", res)
	}
	reqs := te.asker.asked()
	if len(reqs) != 1 || reqs[0].Action != "network" || reqs[0].ToolName != "fetch" ||
		!strings.Contains(reqs[0].Description, "https://example-files.online-convert.com/document/txt/example.txt") {
		t.Errorf("requests = %+v", reqs)
	}
	te.asker.deny = true
	if res := te.run(t, "fetch", jsonArgs{"url": srv.URL + "/page.html"}); !res.Denied || !res.IsError {
		t.Errorf("denied fetch: %+v", res)
	}
}

func TestFetchCancelledMidway(t *testing.T) {
	t.Parallel()
	srv := webServer(t)
	te := newToolEnv(t)
	ctx, cancel := context.WithCancel(WithCall(t.Context(), testCallContext))
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	res := NewRegistry(Builtins(te.Env)...).Run(ctx, Call{ID: "c1", Name: "fetch", Input: []byte(`{"url":"` + srv.URL + `/slow"}`)})
	if !res.IsError || time.Since(start) > 4*time.Second {
		t.Errorf("cancelled fetch: %+v after %v", res, time.Since(start))
	}
}
