package llm

import (
	"context"
	"net/http/httptrace"
)

// WhenSent returns ctx with fn to run once a request made with it has
// been written to its connection: from then on the provider reads and
// answers, and the caller may do other work without delaying the request.
// Only HTTP requests run fn (through net/http/httptrace, which every SDK's
// request carries from ctx), once per attempt, also when the write
// failed; a caller needs another point for providers that send no HTTP
// request.
func WhenSent(ctx context.Context, fn func()) context.Context {
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		WroteRequest: func(httptrace.WroteRequestInfo) { fn() },
	})
}
