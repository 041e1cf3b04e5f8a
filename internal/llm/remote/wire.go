package remote

import (
	"errors"
	"net/http"
	"time"

	"github.com/honecode/hone/internal/llm"
)

// ServeArg is the argument that makes an executable serve providers on
// its stdin and stdout (hone-gemini, or hone-full __provider).
const ServeArg = "__provider"

// Spec is what a helper needs to build one provider: the configured
// provider without its HTTP client, which stays in hone.
type Spec struct {
	// Type is the provider type ("gemini").
	Type string `json:"type"`
	// Name is the provider's name from the config.
	Name    string            `json:"name"`
	BaseURL string            `json:"base_url,omitempty"`
	APIKey  string            `json:"api_key,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
	Vertex  bool              `json:"vertex,omitempty"`
	// Options are the provider entry's options (Vertex's project and
	// location).
	Options map[string]any `json:"options,omitempty"`
}

// BuildFunc builds the provider of spec on hc, the client every HTTP
// request of the provider must go through.
type BuildFunc func(spec Spec, hc *http.Client) (llm.Provider, error)

// callMsg is a frameCall's payload.
type callMsg struct {
	Spec    Spec         `json:"spec"`
	Request *llm.Request `json:"request"`
}

// wireEvent is an llm.Event as the helper sends it. Retry is left out:
// retries happen in hone, around the remote provider.
type wireEvent struct {
	Type       llm.EventType    `json:"t"`
	Text       string           `json:"text,omitempty"`
	ToolCallID string           `json:"id,omitempty"`
	ToolName   string           `json:"name,omitempty"`
	Part       *llm.Part        `json:"part,omitempty"`
	Usage      *llm.Usage       `json:"usage,omitempty"`
	Reason     llm.FinishReason `json:"reason,omitempty"`
	WebResults []llm.WebResult  `json:"web,omitempty"`
}

func toWire(e llm.Event) wireEvent {
	w := wireEvent{Type: e.Type, Text: e.Text, ToolCallID: e.ToolCallID, ToolName: e.ToolName,
		Part: e.Part, Reason: e.Reason, WebResults: e.WebResults}
	if e.Usage != (llm.Usage{}) {
		u := e.Usage
		w.Usage = &u
	}
	return w
}

func (w wireEvent) event() llm.Event {
	e := llm.Event{Type: w.Type, Text: w.Text, ToolCallID: w.ToolCallID, ToolName: w.ToolName,
		Part: w.Part, Reason: w.Reason, WebResults: w.WebResults}
	if w.Usage != nil {
		e.Usage = *w.Usage
	}
	return e
}

// wireError is an *llm.Error as it crosses the pipe.
type wireError struct {
	Kind       llm.ErrorKind `json:"kind"`
	Status     int           `json:"status,omitempty"`
	RetryAfter time.Duration `json:"retry_after,omitempty"`
	Provider   string        `json:"provider,omitempty"`
	Message    string        `json:"message,omitempty"`
	Err        string        `json:"err,omitempty"`
	Transport  bool          `json:"transport,omitempty"`
	// Forwarded: the error is one hone reported for a forwarded HTTP
	// request, which hone holds as the real error.
	Forwarded bool `json:"forwarded,omitempty"`
}

// errForwarded marks, in the helper, the errors hone reported for a
// forwarded request.
var errForwarded = errors.New("forwarded request failed")

func errorToWire(err error) wireError {
	var e *llm.Error
	if !errors.As(err, &e) {
		return wireError{Kind: llm.KindUnknown, Message: err.Error()}
	}
	w := wireError{Kind: e.Kind, Status: e.Status, RetryAfter: e.RetryAfter, Provider: e.Provider,
		Message: e.Message, Transport: e.IsTransport(), Forwarded: errors.Is(e.Err, errForwarded)}
	if e.Err != nil && !w.Forwarded {
		w.Err = e.Err.Error()
	}
	return w
}

// llmError rebuilds the error; Err keeps only the text of the original.
func (w wireError) llmError() *llm.Error {
	e := &llm.Error{Kind: w.Kind, Status: w.Status, RetryAfter: w.RetryAfter, Provider: w.Provider, Message: w.Message}
	if w.Err != "" {
		e.Err = errors.New(w.Err)
	}
	if w.Transport {
		e.MarkTransport()
	}
	return e
}

// httpHead is the head of a forwarded request (method, URL, header) or of
// its response (status, header).
type httpHead struct {
	Method string      `json:"method,omitempty"`
	URL    string      `json:"url,omitempty"`
	Status int         `json:"status,omitempty"`
	Header http.Header `json:"header,omitempty"`
}
