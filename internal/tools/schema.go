package tools

import (
	"encoding/json"
	"fmt"

	"github.com/invopop/jsonschema"
)

// SchemaFor derives the JSON Schema of a tool's parameter struct P.
// Field names come from json tags; a field is required unless its tag has
// omitempty; descriptions come from `jsonschema_description` tags and
// enums or bounds from `jsonschema` tags. Extra properties are allowed
// (the registry ignores unknown arguments). It panics if P cannot be
// reflected, which is a programming error caught by the registry test.
func SchemaFor[P any]() json.RawMessage {
	r := jsonschema.Reflector{
		Anonymous:                 true,
		DoNotReference:            true,
		ExpandedStruct:            true,
		AllowAdditionalProperties: true,
	}
	s := r.Reflect(new(P))
	s.Version = ""
	b, err := json.Marshal(s)
	if err != nil {
		panic(fmt.Sprintf("schema for %T: %v", *new(P), err))
	}
	return b
}

// decodeArgs unmarshals a call's (already validated) input into P.
func decodeArgs[P any](call Call) (P, error) {
	var p P
	if err := json.Unmarshal(call.Input, &p); err != nil {
		return p, fmt.Errorf("decode arguments: %w", err)
	}
	return p, nil
}
