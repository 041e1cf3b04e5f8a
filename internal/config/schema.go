package config

import (
	"encoding/json"
	"fmt"

	"github.com/invopop/jsonschema"
)

//go:generate go run ./schemagen -o ../../schema/hone.schema.json

// SchemaID is the $id of the generated schema.
const SchemaID = "https://github.com/honecode/hone/schema/hone.schema.json"

// Schema returns the JSON Schema of hone.json, generated from the Config
// types, indented and ending in a newline: exactly the content of
// schema/hone.schema.json.
func Schema() ([]byte, error) {
	r := &jsonschema.Reflector{RequiredFromJSONSchemaTags: true, ExpandedStruct: true}
	s := r.Reflect(&Config{})
	s.ID = SchemaID
	s.Title = "Hone configuration"
	s.Description = "hone.json: global ($XDG_CONFIG_HOME/hone/hone.json), project (.hone.json or hone.json) or --config file."
	out, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("marshal schema: %w", err)
	}
	return append(out, '\n'), nil
}
