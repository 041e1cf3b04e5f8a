package llm

import (
	"io"
	"net/http"
)

// maxErrorBody bounds how much of an error response is read.
const maxErrorBody = 64 << 10

// HTTPError classifies a response with an error status: it reads up to
// 64 KiB of the body, closes it, and returns Classify's result with
// Provider set. Adapters whose SDK hands them the raw *http.Response of a
// failed call use it; the body may already have been read and replaced by
// the SDK, which is fine as long as it can be read again.
func HTTPError(provider string, resp *http.Response) *Error {
	var body []byte
	if resp.Body != nil {
		body, _ = io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
		_ = resp.Body.Close()
	}
	e := Classify(resp.StatusCode, resp.Header, body)
	e.Provider = provider
	return e
}
