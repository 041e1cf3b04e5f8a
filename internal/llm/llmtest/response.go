package llmtest

import (
	"bytes"
	"net/http"
)

// Response is what the test server writes for one request, byte for byte.
type Response struct {
	// Status is the HTTP status; 0 means 200.
	Status int
	// Header is sent as is. When it has no Content-Type, one is added:
	// text/event-stream for status 200, application/json otherwise.
	Header http.Header
	// Chunks are written in order, each followed by a flush, so a fixture
	// can place frame boundaries anywhere (see Split).
	Chunks [][]byte
	// Stall keeps the connection open after the last chunk, writing
	// nothing, until the client goes away or the test ends.
	Stall bool
	// Hold, when set, delays the whole response until it is closed; after
	// holdTimeout the server answers 400 instead (the scenario waited for
	// something the client never did).
	Hold <-chan struct{}
}

// Stream returns a 200 text/event-stream response writing each chunk with
// a flush after it. Chunks are raw bytes: include the SSE framing
// ("data: …\n\n", "event: …\n").
func Stream(chunks ...string) Response {
	r := Response{Status: http.StatusOK}
	for _, c := range chunks {
		r.Chunks = append(r.Chunks, []byte(c))
	}
	return r
}

// JSONError returns an error response with the given status and JSON
// body; header lists extra header key/value pairs ("retry-after", "7").
func JSONError(status int, body string, header ...string) Response {
	h := http.Header{"Content-Type": {"application/json"}}
	for i := 0; i+1 < len(header); i += 2 {
		h.Add(header[i], header[i+1])
	}
	return Response{Status: status, Header: h, Chunks: [][]byte{[]byte(body)}}
}

// Body is the concatenation of r's chunks.
func (r Response) Body() []byte { return bytes.Join(r.Chunks, nil) }

// Split returns a copy of r whose body is re-cut into n-byte chunks, so SSE
// frames and JSON values straddle writes.
func (r Response) Split(n int) Response {
	body := r.Body()
	out := r
	out.Chunks = nil
	for len(body) > 0 {
		k := min(n, len(body))
		out.Chunks = append(out.Chunks, body[:k])
		body = body[k:]
	}
	return out
}

// Stalled returns a copy of r with Stall set.
func (r Response) Stalled() Response {
	r.Stall = true
	return r
}

func (r Response) status() int {
	if r.Status == 0 {
		return http.StatusOK
	}
	return r.Status
}
