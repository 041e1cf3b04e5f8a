package mcp

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// Elicitation is a server's request for input from the user
// (elicitation/create).
type Elicitation struct {
	// Server is the configured name of the asking server.
	Server  string
	Message string
	// Schema is the requested JSON Schema of the answer (form mode).
	Schema map[string]any
	// URL is the page to open (url mode).
	URL string
}

// ElicitAnswer is the user's answer: Action is "accept", "decline" or
// "cancel"; Content holds the accepted fields.
type ElicitAnswer struct {
	Action  string
	Content map[string]any
}

// ElicitFunc asks the user for what a server requests. With none set the
// client does not offer elicitation and servers must not ask.
type ElicitFunc func(ctx context.Context, e Elicitation) (ElicitAnswer, error)

// elicitor answers one server's elicitation requests through the
// manager's ElicitFunc.
type elicitor struct{ s *server }

// Elicit asks the user and fills every field the answer omits with the
// default its schema declares (SEP-1034).
func (e elicitor) Elicit(ctx context.Context, req mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	schema, err := asObject(req.Params.RequestedSchema)
	if err != nil {
		return nil, fmt.Errorf("elicitation schema: %w", err)
	}
	ans, err := e.s.m.opts.Elicit(ctx, Elicitation{
		Server: e.s.name, Message: req.Params.Message, Schema: schema, URL: req.Params.URL,
	})
	if err != nil {
		return nil, err
	}
	res := &mcp.ElicitationResult{}
	res.Action = mcp.ElicitationResponseAction(ans.Action)
	if res.Action == mcp.ElicitationResponseActionAccept {
		res.Content = withDefaults(ans.Content, schema)
	}
	return res, nil
}

// withDefaults returns content with the schema's property defaults added
// for the properties content lacks.
func withDefaults(content, schema map[string]any) map[string]any {
	out := make(map[string]any, len(content))
	for k, v := range content {
		out[k] = v
	}
	props, _ := schema["properties"].(map[string]any)
	for name, p := range props {
		prop, _ := p.(map[string]any)
		if def, ok := prop["default"]; ok {
			if _, set := out[name]; !set {
				out[name] = def
			}
		}
	}
	return out
}

// asObject turns a decoded JSON value into an object (nil stays nil).
func asObject(v any) (map[string]any, error) {
	if v == nil {
		return nil, nil
	}
	if m, ok := v.(map[string]any); ok {
		return m, nil
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	return m, json.Unmarshal(raw, &m)
}
