package tools

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// SchemaFor returns the JSON Schema of one of this package's tool
// parameter structs P, from the generated table schema_gen.go
// (SchemaFrom).
func SchemaFor[P any]() json.RawMessage { return SchemaFrom[P](generatedSchema) }

// SchemaFrom returns the JSON Schema of a tool's parameter struct P from
// generated, the table its package generates from its parameter types
// (schemagen: field names from json tags, a field required unless
// omitempty, descriptions, enums and bounds from jsonschema tags, extra
// properties allowed). Hone reads schemas as constants instead of
// reflecting over the types at every start. It panics when the table
// lacks P, which the package's tests catch: TestGeneratedSchemas lists
// the types and its -update flag rewrites the table.
func SchemaFrom[P any](generated func(name string) string) json.RawMessage {
	name := reflect.TypeFor[P]().Name()
	s := generated(name)
	if s == "" {
		panic(fmt.Sprintf("no generated schema for %s: add it to TestGeneratedSchemas and run go test -run TestGeneratedSchemas -update", name))
	}
	return json.RawMessage(s)
}

// decodeArgs unmarshals a call's (already validated) input into P.
func decodeArgs[P any](call Call) (P, error) {
	var p P
	if err := json.Unmarshal(call.Input, &p); err != nil {
		return p, fmt.Errorf("decode arguments: %w", err)
	}
	return p, nil
}
