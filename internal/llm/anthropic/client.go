package anthropic

import (
	"context"
	"errors"
	"iter"
	"net/http"
	"strings"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/option"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/sdkbody"
)

// Options configures a Client.
type Options struct {
	// Name is the provider's name from the config; it is set on every
	// *llm.Error the client returns.
	Name string
	// BaseURL is the API root (the SDK appends /v1/messages); empty means
	// https://api.anthropic.com. A trailing "/v1" is dropped, so both
	// spellings people copy from docs work.
	BaseURL string
	// APIKey is sent as x-api-key.
	APIKey string
	// Headers are added to every request (Request.Headers win).
	Headers map[string]string
	// HTTPClient carries the requests; nil means llm.NewHTTPClient with
	// the default idle timeout.
	HTTPClient *http.Client
}

// Client streams Messages API responses. It is safe for concurrent use.
type Client struct {
	name string
	// opts configure every request. The Client keeps options, not an
	// anthropic.Client: that value links every service of the SDK (beta,
	// files, skills, models …) and the SDK's credential discovery, none
	// of which Hone calls.
	opts []option.RequestOption
	// pieces keeps the encoded pieces of recent request bodies.
	pieces *sdkbody.Pieces
	// skeletons keeps the skeletons of recent request settings.
	skeletons sdkbody.Skeletons
	// warm starts warmEncoders at the first tool call a response makes.
	warm llm.Warmup
}

// New returns a Client. The SDK's own retries are off (llm.WithRetry owns
// them) and the SDK reads no environment variables.
func New(o Options) *Client {
	hc := o.HTTPClient
	if hc == nil {
		hc = llm.NewHTTPClient(llm.HTTPOptions{})
	}
	opts := []option.RequestOption{
		option.WithEnvironmentProduction(),
		option.WithoutEnvironmentDefaults(),
		option.WithHTTPClient(hc),
		option.WithMaxRetries(0),
	}
	if base := strings.TrimSuffix(strings.TrimRight(o.BaseURL, "/"), "/v1"); base != "" {
		opts = append(opts, option.WithBaseURL(base+"/"))
	}
	if o.APIKey != "" {
		opts = append(opts, option.WithAPIKey(o.APIKey))
	}
	for k, v := range o.Headers {
		opts = append(opts, option.WithHeader(k, v))
	}
	return &Client{name: o.Name, opts: opts, pieces: &sdkbody.Pieces{}}
}

// Stream sends req and yields its response events (see llm.Provider).
func (c *Client) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.Event, error] {
	return func(yield func(llm.Event, error) bool) {
		body, err := c.encodeBody(req)
		if err != nil {
			yield(llm.Event{}, c.fail(&llm.Error{Kind: llm.KindBadRequest, Message: err.Error(), Err: err}))
			return
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		opts := optionHeaders(req.Headers)
		// The body goes through the SDK's own request path as bytes
		// (MessageService.NewStreaming's path and options, its headers
		// and error decoding); the response is read here.
		var resp *http.Response
		sdk := anthropic.Client{Options: c.opts}
		if err := sdk.Post(ctx, "v1/messages", body, &resp, opts...); err != nil || resp == nil {
			if err == nil {
				err = errors.New("no response")
			}
			yield(llm.Event{}, c.classify(ctx, err))
			return
		}
		defer func() { _ = resp.Body.Close() }()
		c.read(ctx, resp.Body, c.warm.Watch(yield, warmEncoders))
	}
}

// optionHeaders are a call's extra headers as request options.
func optionHeaders(h map[string]string) []option.RequestOption {
	opts := make([]option.RequestOption, 0, len(h))
	for k, v := range h {
		opts = append(opts, option.WithHeader(k, v))
	}
	return opts
}

// classify turns an SDK or transport error into an *llm.Error.
func (c *Client) classify(ctx context.Context, err error) *llm.Error {
	if ctx.Err() != nil {
		return c.fail(llm.ContextError(ctx))
	}
	var apiErr *anthropic.Error
	if !errors.As(err, &apiErr) {
		return c.fail(llm.TransportError(ctx, err))
	}
	var e *llm.Error
	if apiErr.StatusCode >= 400 && apiErr.Response != nil {
		e = llm.Classify(apiErr.StatusCode, apiErr.Response.Header, []byte(apiErr.RawJSON()))
	} else {
		// An error event inside a 200 stream.
		e = llm.Classify(0, nil, []byte(apiErr.RawJSON()))
	}
	e.Err = err
	return c.fail(e)
}

// fail stamps e with the provider name.
func (c *Client) fail(e *llm.Error) *llm.Error {
	if e.Provider == "" {
		e.Provider = c.name
	}
	return e
}

// errTruncated is the error of a stream that ended before message_stop.
func errTruncated() *llm.Error {
	return &llm.Error{Kind: llm.KindServer, Message: "stream ended before message_stop"}
}
