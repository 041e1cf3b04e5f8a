package openai

import (
	"context"
	"iter"
	"net/http"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/openaisdk"
	"github.com/honecode/hone/internal/llm/sdkbody"
	events "github.com/honecode/hone/internal/llm/sse"
)

// ProviderType is the provider type this adapter implements; it is the
// Provider of the reasoning parts it produces.
const ProviderType = "openai"

// DefaultBaseURL is used when Options.BaseURL is empty.
const DefaultBaseURL = "https://api.openai.com/v1"

// Options configures a Client.
type Options struct {
	// Name is the provider's name from config, reported on errors.
	Name string
	// BaseURL is the API root including the version path; "" means
	// DefaultBaseURL.
	BaseURL string
	// APIKey is sent as a bearer token.
	APIKey string
	// Headers are extra headers sent with every request.
	Headers map[string]string
	// HTTPClient carries the requests; nil means
	// llm.NewHTTPClient(llm.HTTPOptions{}).
	HTTPClient *http.Client
}

// Client streams Responses API calls. It is safe for concurrent use.
type Client struct {
	name string
	conn *openaisdk.Conn
	// pieces keeps the encoded pieces of recent request bodies.
	pieces *sdkbody.Pieces
	// skeletons keeps the skeletons of recent request settings.
	skeletons sdkbody.Skeletons
	// warm starts warmEncoders at the first tool call a response makes.
	warm llm.Warmup
}

// New returns a Client for o.
func New(o Options) *Client {
	base := o.BaseURL
	if base == "" {
		base = DefaultBaseURL
	}
	name := o.Name
	if name == "" {
		name = ProviderType
	}
	conn := openaisdk.New(openaisdk.Options{Name: name, BaseURL: base, APIKey: o.APIKey, Headers: o.Headers, HTTPClient: o.HTTPClient})
	return &Client{name: name, conn: conn, pieces: &sdkbody.Pieces{}}
}

// Stream sends req and yields the response events; see llm.Provider.
func (c *Client) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.Event, error] {
	return openaisdk.StreamBody(ctx, c.conn, req, "responses", c.encodeBody, c.decode)
}

// decode reads the SSE stream and yields its events.
func (c *Client) decode(ctx context.Context, resp *http.Response, yield func(llm.Event, error) bool) {
	yield = c.warm.Watch(yield, warmEncoders)
	dec := events.NewReader(resp.Body)
	st := newStreamState(c.name, yield)
	for dec.Next() {
		if !st.frame(dec.Data()) {
			return
		}
	}
	var e *llm.Error
	switch {
	case dec.Err() != nil:
		e = llm.TransportError(ctx, dec.Err())
	case ctx.Err() != nil:
		e = llm.ContextError(ctx)
	default:
		e = &llm.Error{Kind: llm.KindServer, Message: "the stream ended before the response completed"}
	}
	e.Provider = c.name
	st.fail(e)
}
