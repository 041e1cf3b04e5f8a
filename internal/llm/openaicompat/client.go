package openaicompat

import (
	"context"
	"iter"
	"net/http"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/openaisdk"
	"github.com/honecode/hone/internal/llm/sse"
)

// ProviderType is the provider type this adapter implements; it is the
// Provider of the reasoning parts it produces.
const ProviderType = "openai-compat"

// Options configures a Client.
type Options struct {
	// Name is the provider's name from config, reported on errors.
	Name string
	// BaseURL is the API root including any version path, e.g.
	// "https://api.deepseek.com/v1" or "http://localhost:11434/v1".
	BaseURL string
	// APIKey is sent as a bearer token; empty sends none (local servers).
	APIKey string
	// Headers are extra headers sent with every request.
	Headers map[string]string
	// HTTPClient carries the requests; nil means
	// llm.NewHTTPClient(llm.HTTPOptions{}).
	HTTPClient *http.Client
}

// Client streams Chat Completions. It is safe for concurrent use.
type Client struct {
	name  string
	conn  *openaisdk.Conn
	cache bodyCache
	warm  llm.Warmup
}

// New returns a Client for o.
func New(o Options) *Client {
	name := o.Name
	if name == "" {
		name = ProviderType
	}
	conn := openaisdk.New(openaisdk.Options{Name: name, BaseURL: o.BaseURL, APIKey: o.APIKey, Headers: o.Headers, HTTPClient: o.HTTPClient})
	return &Client{name: name, conn: conn}
}

// Stream sends req and yields the response events; see llm.Provider.
func (c *Client) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.Event, error] {
	return openaisdk.StreamBody(ctx, c.conn, req, "chat/completions", c.encode, c.decode)
}

// encode is the body of req, built on the pieces of the cached body that
// shares the most with it (see encodeBody).
func (c *Client) encode(req *llm.Request) ([]byte, error) {
	prev, tools := c.cache.lookup(req)
	body, e, err := encodeBody(req, prev, tools)
	if err != nil {
		return nil, err
	}
	c.cache.store(e, prev)
	return body, nil
}

// decode reads the SSE stream and yields its events.
func (c *Client) decode(ctx context.Context, resp *http.Response, yield func(llm.Event, error) bool) {
	yield = c.warm.Watch(yield, warmEncoders)
	dec := sse.NewReader(resp.Body)
	st := newStreamState(c.name, yield)
	for dec.Next() {
		if !st.frame(dec.Type(), dec.Data()) {
			return
		}
	}
	if err := dec.Err(); err != nil {
		e := llm.TransportError(ctx, err)
		e.Provider = c.name
		st.fail(e)
		return
	}
	if ctx.Err() != nil {
		e := llm.ContextError(ctx)
		e.Provider = c.name
		st.fail(e)
		return
	}
	st.end(false)
}
