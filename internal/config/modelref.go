package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/invopop/jsonschema"
)

// SplitModelRef splits "provider/model" at the first slash; model ids may
// hold more slashes ("openrouter/anthropic/claude-sonnet-4.5"). ok is false
// when either side is empty.
func SplitModelRef(ref string) (provider, model string, ok bool) {
	provider, model, found := strings.Cut(ref, "/")
	return provider, model, found && provider != "" && model != ""
}

// ProviderName is the provider part of the reference.
func (r ModelRef) ProviderName() string {
	p, _, _ := SplitModelRef(r.Model)
	return p
}

// ModelID is the model part of the reference, as the provider knows it.
func (r ModelRef) ModelID() string {
	_, m, _ := SplitModelRef(r.Model)
	return m
}

// hasOptions reports whether r carries any call option besides the model.
func (r ModelRef) hasOptions() bool {
	return r.MaxTokens != 0 || r.ReasoningEffort != "" || r.Temperature != nil ||
		r.TopP != nil || len(r.ProviderOptions) > 0
}

// modelRefObject has ModelRef's fields without its methods, for decoding.
type modelRefObject ModelRef

// UnmarshalJSON accepts "provider/model" or an object with "model" and
// call options.
func (r *ModelRef) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '"' {
		*r = ModelRef{}
		if err := json.Unmarshal(data, &r.Model); err != nil {
			return fmt.Errorf("model reference: %w", err)
		}
		return nil
	}
	var o modelRefObject
	if err := json.Unmarshal(data, &o); err != nil {
		return fmt.Errorf("model reference: %w", err)
	}
	*r = ModelRef(o)
	return nil
}

// MarshalJSON writes the short string form when r has no call options.
func (r ModelRef) MarshalJSON() ([]byte, error) {
	if !r.hasOptions() {
		return json.Marshal(r.Model)
	}
	return json.Marshal(modelRefObject(r))
}

// JSONSchemaExtend makes the generated schema accept either form.
func (ModelRef) JSONSchemaExtend(s *jsonschema.Schema) {
	object := *s
	*s = jsonschema.Schema{
		Description: "A model candidate: \"provider/model\", or an object with the model and its call options.",
		OneOf: []*jsonschema.Schema{
			{Type: "string", Pattern: "^[^/]+/.+$"},
			&object,
		},
	}
}
