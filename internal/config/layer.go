package config

import (
	"bytes"
	"encoding/json"
	"reflect"
)

// LayerKind names where a config layer comes from.
type LayerKind string

// Layer kinds, in the order they apply (later wins).
const (
	LayerGlobal   LayerKind = "global"   // $XDG_CONFIG_HOME/hone/hone.json
	LayerProject  LayerKind = "project"  // nearest .hone.json or hone.json up to the git root
	LayerExplicit LayerKind = "explicit" // --config FILE
	LayerFlags    LayerKind = "flags"    // command-line flags
)

// Layer is one config file Hone reads (or would read if it existed).
type Layer struct {
	Kind   LayerKind `json:"kind"`
	Path   string    `json:"path"`
	Exists bool      `json:"exists"`
}

// layerDoc is one parsed layer: its decoded config, the source offset of
// every JSON path present in it, and what was wrong with it.
type layerDoc struct {
	Layer
	src     []byte
	clean   []byte // src with comments blanked out
	cfg     Config
	at      map[string]int
	diags   []Diagnostic
	decoded bool
}

// parseLayer parses, type-checks and decodes one file's content. Comments
// (// and /* */) are allowed; an empty file is an empty config.
func parseLayer(l Layer, src []byte) *layerDoc {
	d := &layerDoc{Layer: l, src: src, at: map[string]int{}}
	clean, unterminated := stripComments(src)
	if unterminated >= 0 {
		d.diags = append(d.diags, diagAt(l.Path, src, unterminated, "", "unterminated comment", SeverityError))
		return d
	}
	d.clean = clean
	if len(bytes.TrimSpace(clean)) == 0 {
		d.decoded = true
		return d
	}
	if sd := checkSyntax(l.Path, clean); sd != nil {
		d.diags = append(d.diags, *sd)
		return d
	}
	root, err := parseTree(clean)
	if err != nil {
		d.error("", err.Error())
		return d
	}
	c := &checker{file: l.Path, src: src, at: d.at}
	c.check(root, reflect.TypeFor[Config](), "")
	d.diags = append(d.diags, c.diags...)
	if HasErrors(d.diags) {
		return d
	}
	if err := decodeExact(clean, &d.cfg); err != nil {
		d.error("", err.Error())
		return d
	}
	d.decoded = true
	return d
}

// decodeExact decodes a config file into cfg the way the checker reads
// it: keys match field names exactly (encoding/json alone would also take
// "MCP" for "mcp"), unknown keys decode to nothing, and of duplicate keys
// the last one wins whole.
func decodeExact(src []byte, cfg *Config) error {
	raw, err := decodeRaw(src)
	if err != nil {
		return err
	}
	data, err := json.Marshal(knownOnly(raw, reflect.TypeFor[Config]()))
	if err != nil {
		return err
	}
	return json.Unmarshal(data, cfg)
}

// decodeRaw decodes JSON into maps, lists and json.Number.
func decodeRaw(src []byte) (any, error) {
	var raw any
	d := json.NewDecoder(bytes.NewReader(src))
	d.UseNumber()
	err := d.Decode(&raw)
	return raw, err
}

// knownOnly drops, at every level, the object keys that are not fields of
// the Go type at that place.
func knownOnly(raw any, t reflect.Type) any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == modelRefType {
		t = reflect.TypeFor[modelRefObject]()
	}
	if t.Kind() == reflect.Interface { // free-form (provider_options …)
		return raw
	}
	switch v := raw.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			if ft, ok := memberType(t, k); ok {
				out[k] = knownOnly(x, ft)
			}
		}
		return out
	case []any:
		if t.Kind() != reflect.Slice {
			return v
		}
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = knownOnly(x, t.Elem())
		}
		return out
	}
	return raw
}

// has reports whether the JSON path was present in the layer's file.
func (d *layerDoc) has(path string) bool {
	_, ok := d.at[path]
	return ok
}

// diag records a diagnostic at path, positioned at its value when the path
// is in the file (else at the nearest present ancestor, else unpositioned).
func (d *layerDoc) diag(path, msg string, sev Severity) {
	for p := path; ; p = parentPath(p) {
		if off, ok := d.at[p]; ok && d.src != nil {
			d.diags = append(d.diags, diagAt(d.Path, d.src, off, path, msg, sev))
			return
		}
		if p == "" {
			break
		}
	}
	d.diags = append(d.diags, Diagnostic{File: d.Path, Path: path, Message: msg, Severity: sev})
}

func (d *layerDoc) error(path, msg string) { d.diag(path, msg, SeverityError) }
func (d *layerDoc) warn(path, msg string)  { d.diag(path, msg, SeverityWarning) }

// parentPath drops the last element of a JSON path.
func parentPath(p string) string {
	depth := 0
	for i := len(p) - 1; i >= 0; i-- {
		switch p[i] {
		case ']':
			depth++
		case '[':
			depth--
			if depth == 0 {
				return p[:i]
			}
		case '.':
			if depth == 0 {
				return p[:i]
			}
		}
	}
	return ""
}
