package config

import (
	"fmt"
	"reflect"
	"strings"
)

var modelRefType = reflect.TypeFor[ModelRef]()

// integerText reports whether s is an integer literal: an optional minus
// sign and decimal digits.
func integerText(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// checker walks a parsed file against the Go types of Config, reporting
// wrong types (errors) and unknown keys (warnings), and records the offset
// of every value by JSON path for later diagnostics.
type checker struct {
	file  string
	src   []byte
	diags []Diagnostic
	at    map[string]int
}

func (c *checker) add(off int, path, msg string, sev Severity) {
	c.diags = append(c.diags, diagAt(c.file, c.src, off, path, msg, sev))
}

func (c *checker) check(n *node, t reflect.Type, path string) {
	c.at[path] = n.off
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n.kind == kindNull {
		return // null leaves the value unset
	}
	if t == modelRefType {
		c.checkModelRef(n, path)
		return
	}
	want := expected(t)
	if want == "" { // interface: anything goes
		return
	}
	if got := actual(n, t); got != want {
		c.add(n.off, path, fmt.Sprintf("expected %s, got %s", want, got), SeverityError)
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		c.checkStruct(n, t, path)
	case reflect.Map:
		c.checkFields(n, path, func(key string) (reflect.Type, bool) { return t.Elem(), true }, nil)
	case reflect.Slice:
		for i, item := range n.items {
			c.check(item, t.Elem(), joinIndex(path, i))
		}
	}
}

func (c *checker) checkModelRef(n *node, path string) {
	switch n.kind {
	case kindString:
	case kindObject:
		c.checkStruct(n, reflect.TypeFor[modelRefObject](), path)
	default:
		c.add(n.off, path, "expected string or object, got "+n.kind.String(), SeverityError)
	}
}

func (c *checker) checkStruct(n *node, t reflect.Type, path string) {
	fields := jsonFields(t)
	names := make([]string, 0, len(fields))
	for name := range fields {
		names = append(names, name)
	}
	lookup := func(key string) (reflect.Type, bool) {
		f, ok := fields[key]
		return f, ok
	}
	c.checkFields(n, path, lookup, names)
}

// checkFields checks an object's members; keys lookup does not know are
// reported with a suggestion among names.
func (c *checker) checkFields(n *node, path string, lookup func(string) (reflect.Type, bool), names []string) {
	seen := map[string]bool{}
	for _, f := range n.fields {
		if seen[f.key] {
			c.add(f.keyOff, path, fmt.Sprintf("duplicate key %q; the last one wins", f.key), SeverityWarning)
		}
		seen[f.key] = true
		t, ok := lookup(f.key)
		if !ok {
			msg := fmt.Sprintf("unknown key %q", f.key)
			if s := suggest(f.key, names); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			c.add(f.keyOff, path, msg, SeverityWarning)
			continue
		}
		c.check(f.value, t, joinKey(path, f.key))
	}
}

// jsonFields maps the JSON names of t's exported fields to their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for f := range t.Fields() {
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}

// expected names the JSON type a Go type decodes from ("" for any).
func expected(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Bool:
		return "boolean"
	case reflect.Slice, reflect.Array:
		return "array"
	case reflect.Map, reflect.Struct:
		return "object"
	}
	return ""
}

// actual names n's JSON type in the vocabulary of expected(t).
func actual(n *node, t reflect.Type) string {
	if n.kind == kindNumber && expected(t) == "integer" && integerText(n.text) {
		return "integer"
	}
	return n.kind.String()
}
