// Package openaisdk holds what the two OpenAI adapters (Responses in
// llm/openai, Chat Completions in llm/openaicompat) share about the
// openai-go SDK: building a client from Hone's options only, and sending a
// streamed POST whose failures come back as classified *llm.Error values.
package openaisdk

import (
	"context"
	"iter"
	"net/http"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/honecode/hone/internal/llm"
)

// Conn is an SDK client for one configured provider. It is safe for
// concurrent use.
type Conn struct {
	// Name is the provider's name, set on every error.
	Name string
	// opts configure every request. Conn keeps the options, not an
	// openai.Client: a Client value reachable from an adapter's type links
	// every service of the SDK (files, batches, realtime …), which Hone
	// never calls.
	opts []option.RequestOption
}

// Options configures a Conn.
type Options struct {
	Name    string
	BaseURL string
	// APIKey is sent as a bearer token; "" sends none (local servers).
	APIKey  string
	Headers map[string]string
	// HTTPClient carries the requests; nil means llm.NewHTTPClient.
	HTTPClient *http.Client
}

// New returns a Conn for o. It never calls openai.NewClient, which reads
// OPENAI_API_KEY, OPENAI_ORG_ID, OPENAI_CUSTOM_HEADERS … from the
// environment: those must never reach another provider's endpoint, so
// configuration comes from o only. The SDK's own retries are off
// (llm.WithRetry owns retries).
func New(o Options) *Conn {
	hc := o.HTTPClient
	if hc == nil {
		hc = llm.NewHTTPClient(llm.HTTPOptions{})
	}
	opts := []option.RequestOption{
		option.WithBaseURL(o.BaseURL),
		option.WithHTTPClient(hc),
		option.WithMaxRetries(0),
		option.WithAPIKey(o.APIKey),
	}
	for k, v := range o.Headers {
		opts = append(opts, option.WithHeader(k, v))
	}
	return &Conn{Name: o.Name, opts: opts}
}

// Decoder reads a streaming response and yields its events, ending with a
// finish or an error.
type Decoder func(ctx context.Context, resp *http.Response, yield func(llm.Event, error) bool)

// StreamBody is an adapter's llm.Provider Stream: encode returns the
// whole JSON body of req, "stream": true included (a failure is a
// bad_request error), which is posted to path as is, and the response is
// handed to decode, its body closed afterwards.
func StreamBody(ctx context.Context, c *Conn, req *llm.Request, path string, encode func(*llm.Request) ([]byte, error), decode Decoder) iter.Seq2[llm.Event, error] {
	return func(yield func(llm.Event, error) bool) {
		body, err := encode(req)
		if err != nil {
			yield(llm.Event{}, badRequest(c.Name, err))
			return
		}
		resp, lerr := c.post(ctx, path, body, req.Headers)
		respond(ctx, resp, lerr, decode, yield)
	}
}

func badRequest(name string, err error) *llm.Error {
	return &llm.Error{Kind: llm.KindBadRequest, Provider: name, Message: err.Error(), Err: err}
}

// respond hands a successful response to decode, or yields the failure.
func respond(ctx context.Context, resp *http.Response, lerr *llm.Error, decode Decoder, yield func(llm.Event, error) bool) {
	if lerr != nil {
		yield(llm.Event{}, lerr)
		return
	}
	defer resp.Body.Close()
	decode(ctx, resp, yield)
}

// post sends body (params the SDK encodes, or the encoded []byte) to path
// with the per-call headers and the extra options.
func (c *Conn) post(ctx context.Context, path string, body any, headers map[string]string, extra ...option.RequestOption) (*http.Response, *llm.Error) {
	opts := extra
	for k, v := range headers {
		opts = append(opts, option.WithHeader(k, v))
	}
	var resp *http.Response
	sdk := openai.Client{Options: c.opts}
	if err := sdk.Post(ctx, path, body, &resp, opts...); err != nil {
		if resp != nil && resp.StatusCode >= 400 && ctx.Err() == nil {
			return nil, llm.HTTPError(c.Name, resp)
		}
		e := llm.TransportError(ctx, err)
		e.Provider = c.Name
		return nil, e
	}
	return resp, nil
}
