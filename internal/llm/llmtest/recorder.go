package llmtest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"sync"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

// Recorder is a test server that answers every request with the same
// event stream and keeps each request's body and headers, for tests that
// compare the bytes an adapter sends.
type Recorder struct {
	URL string

	mu      sync.Mutex
	bodies  [][]byte
	headers []http.Header
}

// NewRecorder starts a Recorder answering answer (the raw event stream)
// until the test ends.
func NewRecorder(t testing.TB, answer string) *Recorder {
	t.Helper()
	r := &Recorder{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.bodies = append(r.bodies, b)
		r.headers = append(r.headers, req.Header.Clone())
		r.mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, answer)
	}))
	t.Cleanup(srv.Close)
	r.URL = srv.URL
	return r
}

// Last returns the body and headers of the latest request.
func (r *Recorder) Last() ([]byte, http.Header) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.bodies[len(r.bodies)-1], r.headers[len(r.headers)-1]
}

// PartFields returns, for each field of llm.Part, its name and a part
// whose only non-zero field it is: tests of code that must read every
// field (an equality, a cache key) check each one.
func PartFields() (names []string, parts []llm.Part) {
	typ := reflect.TypeFor[llm.Part]()
	for i := range typ.NumField() {
		var p llm.Part
		v := reflect.ValueOf(&p).Elem().Field(i)
		switch v.Kind() {
		case reflect.String:
			v.SetString("x")
		case reflect.Bool:
			v.SetBool(true)
		case reflect.Int64:
			v.SetInt(1)
		case reflect.Slice:
			v.SetBytes([]byte("x"))
		}
		names, parts = append(names, typ.Field(i).Name), append(parts, p)
	}
	return names, parts
}
