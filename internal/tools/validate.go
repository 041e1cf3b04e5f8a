package tools

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// schemaNode is the subset of JSON Schema the registry checks: type,
// properties, required, items and enum. Every other keyword is ignored,
// so schemas from MCP servers never cause false rejections (their servers
// validate in full). Writing this small checker avoids a dependency for
// the five keywords our generated schemas use.
type schemaNode struct {
	Types      []string
	Properties map[string]*schemaNode
	Required   []string
	Items      *schemaNode
	Enum       []any
}

// UnmarshalJSON accepts boolean schemas and "type" given as a string or a
// list; a tuple-form "items" is ignored.
func (n *schemaNode) UnmarshalJSON(data []byte) error {
	if t := bytes.TrimSpace(data); bytes.Equal(t, []byte("true")) || bytes.Equal(t, []byte("false")) {
		return nil
	}
	var raw struct {
		Type       json.RawMessage        `json:"type"`
		Properties map[string]*schemaNode `json:"properties"`
		Required   []string               `json:"required"`
		Items      json.RawMessage        `json:"items"`
		Enum       []any                  `json:"enum"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	n.Properties, n.Required, n.Enum = raw.Properties, raw.Required, raw.Enum
	if len(raw.Type) > 0 && json.Unmarshal(raw.Type, &n.Types) != nil {
		var one string
		if json.Unmarshal(raw.Type, &one) == nil {
			n.Types = []string{one}
		}
	}
	if len(raw.Items) > 0 && raw.Items[0] == '{' {
		n.Items = new(schemaNode)
		if err := json.Unmarshal(raw.Items, n.Items); err != nil {
			return err
		}
	}
	return nil
}

// parseSchema parses a tool schema; nil when it cannot (no validation).
func parseSchema(raw json.RawMessage) *schemaNode {
	if len(raw) == 0 {
		return nil
	}
	n := new(schemaNode)
	if err := json.Unmarshal(raw, n); err != nil {
		return nil
	}
	return n
}

// checkArgs validates a call's input against schema and returns the input
// to pass on ("{}" for empty input) and the problems found, each phrased
// so that the model can correct its call.
func checkArgs(schema *schemaNode, input json.RawMessage) (json.RawMessage, []string) {
	if len(bytes.TrimSpace(input)) == 0 {
		input = json.RawMessage("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(input))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || !json.Valid(input) {
		if err == nil {
			err = fmt.Errorf("unexpected data after the object")
		}
		return input, []string{fmt.Sprintf("arguments are not valid JSON (%v)", err)}
	}
	if _, ok := v.(map[string]any); !ok {
		return input, []string{"arguments must be a JSON object"}
	}
	if schema == nil {
		return input, nil
	}
	var problems []string
	schema.check(v, "", &problems)
	return input, problems
}

// check appends to problems every way v violates n; at names the value.
func (n *schemaNode) check(v any, at string, problems *[]string) {
	if len(n.Types) > 0 && !slices.ContainsFunc(n.Types, func(t string) bool { return hasType(v, t) }) {
		*problems = append(*problems, fmt.Sprintf("%s must be %s, got %s", argName(at), strings.Join(n.Types, " or "), describe(v)))
		return
	}
	if len(n.Enum) > 0 && !slices.ContainsFunc(n.Enum, func(e any) bool { return sameJSON(e, v) }) {
		*problems = append(*problems, fmt.Sprintf("%s must be one of %s, got %s", argName(at), listJSON(n.Enum), describe(v)))
		return
	}
	switch v := v.(type) {
	case map[string]any:
		n.checkObject(v, at, problems)
	case []any:
		if n.Items != nil {
			for i, item := range v {
				n.Items.check(item, fmt.Sprintf("%s[%d]", at, i), problems)
			}
		}
	}
}

func (n *schemaNode) checkObject(obj map[string]any, at string, problems *[]string) {
	for _, req := range n.Required {
		if val, ok := obj[req]; !ok || val == nil {
			*problems = append(*problems, fmt.Sprintf("missing required argument %s", argName(argPath(at, req))))
		}
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		prop, ok := n.Properties[k]
		if !ok || prop == nil || obj[k] == nil { // unknown arguments and nulls are ignored
			continue
		}
		prop.check(obj[k], argPath(at, k), problems)
	}
}

// hasType reports whether the decoded JSON value v is of JSON Schema type t.
func hasType(v any, t string) bool {
	switch v := v.(type) {
	case nil:
		return t == "null"
	case bool:
		return t == "boolean"
	case string:
		return t == "string"
	case json.Number:
		if t == "number" {
			return true
		}
		_, err := v.Int64()
		return t == "integer" && err == nil
	case []any:
		return t == "array"
	case map[string]any:
		return t == "object"
	}
	return false
}

func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return fmt.Sprintf("boolean %v", v)
	case string:
		if len(v) > 40 {
			v = v[:40] + "…"
		}
		return fmt.Sprintf("string %q", v)
	case json.Number:
		return "number " + v.String()
	case []any:
		return "an array"
	}
	return "an object"
}

func sameJSON(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

func listJSON(vals []any) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		b, _ := json.Marshal(v)
		parts[i] = string(b)
	}
	return strings.Join(parts, ", ")
}

func argPath(at, key string) string {
	if at == "" {
		return key
	}
	return at + "." + key
}

func argName(at string) string {
	if at == "" {
		return "the arguments"
	}
	return fmt.Sprintf("%q", at)
}
