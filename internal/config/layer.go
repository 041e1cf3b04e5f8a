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
	if err := json.Unmarshal(clean, &d.cfg); err != nil {
		d.error("", err.Error())
		return d
	}
	d.decoded = true
	return d
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
