package gemini

import (
	"context"
	"iter"
	"net/http"
	"strings"
	"sync"

	"cloud.google.com/go/auth"
	"google.golang.org/genai"

	"github.com/honecode/hone/internal/llm"
)

// Options configures a Client.
type Options struct {
	// Name is the provider's name from the config; it is set on every
	// *llm.Error the client returns.
	Name string
	// BaseURL is the API root ("https://generativelanguage.googleapis.com"
	// when empty; the SDK appends /v1beta/models/…, and a trailing
	// "/v1beta" here is dropped). For Vertex it replaces the regional
	// endpoint.
	BaseURL string
	// APIKey authenticates Gemini API calls (and Vertex express mode).
	APIKey string
	// Headers are added to every request (Request.Headers win).
	Headers map[string]string
	// HTTPClient carries the requests; nil means llm.NewHTTPClient with
	// the default idle timeout.
	HTTPClient *http.Client

	// Vertex selects Vertex AI instead of the Gemini API.
	Vertex bool
	// Project and Location name the Vertex AI project and region
	// ("global" when empty).
	Project, Location string
	// Credentials authenticate Vertex calls without an API key; nil means
	// Application Default Credentials, looked up on the first call.
	Credentials *auth.Credentials
}

// Client streams generateContent responses. It is safe for concurrent use.
type Client struct {
	opts Options

	mu sync.Mutex
	// models is the SDK's Models service, built on the first call (Vertex
	// may need ctx). The Client keeps the service, not the *genai.Client:
	// that value links every other service of the SDK (interactions,
	// files, batches, caches …), which Hone never calls.
	models *genai.Models
}

// New returns a Client. Nothing is checked or fetched until the first
// call, whose error then says what is wrong.
func New(o Options) *Client {
	if o.HTTPClient == nil {
		o.HTTPClient = llm.NewHTTPClient(llm.HTTPOptions{})
	}
	return &Client{opts: o}
}

// Stream sends req and yields its response events (see llm.Provider).
func (c *Client) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.Event, error] {
	return func(yield func(llm.Event, error) bool) {
		models, err := c.client(ctx)
		if err != nil {
			yield(llm.Event{}, c.fail(&llm.Error{Kind: llm.KindAuth, Message: err.Error(), Err: err}))
			return
		}
		contents, cfg, err := buildRequest(req)
		if err != nil {
			yield(llm.Event{}, c.fail(&llm.Error{Kind: llm.KindBadRequest, Message: err.Error(), Err: err}))
			return
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		ctx, capt := withCapture(ctx)
		dec := newDecoder()
		for resp, err := range models.GenerateContentStream(ctx, req.Model, contents, cfg) {
			if err != nil {
				yield(llm.Event{}, c.classify(ctx, capt, err))
				return
			}
			if !dec.handle(resp, yield) {
				return
			}
		}
		if e := c.endError(ctx, capt, dec); e != nil {
			yield(llm.Event{}, e)
			return
		}
		dec.finish(yield)
	}
}

// endError says why a stream that ran out of chunks is not complete: a
// cancel, a read error, no finish reason, or a malformed call; nil when
// it is complete.
func (c *Client) endError(ctx context.Context, capt *capture, dec *decoder) *llm.Error {
	switch {
	case ctx.Err() != nil:
		return c.fail(llm.ContextError(ctx))
	case capt.readErr != nil && !dec.sawFinish():
		return c.fail(llm.TransportError(ctx, capt.readErr))
	case !dec.sawFinish():
		return c.fail(&llm.Error{Kind: llm.KindServer, Message: "stream ended without a finish reason"})
	}
	if e := dec.malformedCall(); e != nil {
		return c.fail(e)
	}
	return nil
}

// client returns the SDK's Models service, building the SDK client on
// first use.
func (c *Client) client(ctx context.Context) (*genai.Models, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.models != nil {
		return c.models, nil
	}
	o := c.opts
	hc := o.HTTPClient
	if o.Vertex && o.APIKey == "" {
		var err error
		if hc, err = vertexClient(ctx, hc, o.Credentials); err != nil {
			return nil, err
		}
	}
	cc := &genai.ClientConfig{
		APIKey:     o.APIKey,
		Backend:    genai.BackendGeminiAPI,
		HTTPClient: wrapClient(hc),
		HTTPOptions: genai.HTTPOptions{
			BaseURL: baseURL(o),
			Headers: headers(o.Headers),
		},
	}
	if o.Vertex {
		cc.Backend = genai.BackendVertexAI
		if o.APIKey == "" { // with a key, Vertex runs in express mode
			cc.Project, cc.Location = o.Project, o.Location
			if cc.Location == "" {
				cc.Location = "global"
			}
		}
	}
	sdk, err := genai.NewClient(ctx, cc)
	if err != nil {
		return nil, err
	}
	c.models = sdk.Models
	return c.models, nil
}

// baseURL is o.BaseURL without the API version the SDK adds itself.
func baseURL(o Options) string {
	u := strings.TrimRight(o.BaseURL, "/")
	if !o.Vertex {
		u = strings.TrimSuffix(u, "/v1beta")
	}
	if u == "" {
		return ""
	}
	return u + "/"
}

// headers converts a header map, nil when empty.
func headers(m map[string]string) http.Header {
	if len(m) == 0 {
		return nil
	}
	h := make(http.Header, len(m))
	for k, v := range m {
		h.Set(k, v)
	}
	return h
}

// fail stamps e with the provider name.
func (c *Client) fail(e *llm.Error) *llm.Error {
	if e.Provider == "" {
		e.Provider = c.opts.Name
	}
	return e
}
