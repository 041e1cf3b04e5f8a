package extend

import (
	"bytes"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v4"
)

// doc is a markdown file split into its YAML frontmatter and its body.
type doc struct {
	file   string
	fields map[string]*yaml.Node // top-level frontmatter keys
	lines  map[string]int        // line of each key in the file
	body   string
	warns  []Warning
}

// parseDoc splits data at the "---" fences. A file without frontmatter
// has only a body; a frontmatter that is not a YAML mapping is a warning
// and leaves the fields empty.
func parseDoc(file string, data []byte) *doc {
	d := &doc{file: file, fields: map[string]*yaml.Node{}, lines: map[string]int{}}
	text := strings.TrimPrefix(string(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))), "\ufeff")
	lines := strings.Split(text, "\n")
	if strings.TrimSpace(lines[0]) != "---" {
		d.body = strings.TrimSpace(text)
		return d
	}
	for i := 1; i < len(lines); i++ {
		if strings.TrimRight(lines[i], " \t") == "---" {
			d.parseFront(strings.Join(lines[1:i], "\n"))
			d.body = strings.TrimSpace(strings.Join(lines[i+1:], "\n"))
			return d
		}
	}
	d.warn(1, "", "frontmatter starts with --- but never ends; add a closing --- line")
	d.body = strings.TrimSpace(text)
	return d
}

// parseFront decodes the frontmatter (which starts on line 2).
func (d *doc) parseFront(front string) {
	if strings.TrimSpace(front) == "" {
		return
	}
	var root yaml.Node
	if err := yaml.Unmarshal([]byte(front), &root); err != nil {
		d.warn(2, "", "frontmatter is not valid YAML: "+strings.TrimPrefix(err.Error(), "yaml: "))
		return
	}
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = *root.Content[0]
	}
	if root.Kind != yaml.MappingNode {
		d.warn(2, "", "frontmatter must be a mapping of fields (key: value)")
		return
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		d.fields[k.Value] = v
		d.lines[k.Value] = k.Line + 1
	}
}

func (d *doc) warn(line int, field, msg string) {
	d.warns = append(d.warns, Warning{File: d.file, Line: line, Field: field, Msg: msg})
}

// str returns a string field ("" when absent); a non-scalar is a warning.
func (d *doc) str(key string) string {
	n, ok := d.fields[key]
	if !ok || n.Tag == "!!null" {
		return ""
	}
	if n.Kind != yaml.ScalarNode {
		d.warn(d.lines[key], key, "must be a single value")
		return ""
	}
	return strings.TrimSpace(n.Value)
}

// boolean returns a boolean field, def when absent or invalid.
func (d *doc) boolean(key string, def bool) bool {
	n, ok := d.fields[key]
	if !ok {
		return def
	}
	switch strings.ToLower(strings.TrimSpace(n.Value)) {
	case "true", "yes":
		return true
	case "false", "no":
		return false
	}
	d.warn(d.lines[key], key, fmt.Sprintf("must be true or false, not %q", n.Value))
	return def
}

// list returns a list field written as a YAML list or as one string of
// names separated by commas or spaces ("Read, Grep" or "Bash(git:*) Read").
// present is false when the field is absent.
func (d *doc) list(key string) (items []string, present bool) {
	n, ok := d.fields[key]
	if !ok || n.Tag == "!!null" {
		return nil, false
	}
	switch n.Kind {
	case yaml.SequenceNode:
		for _, c := range n.Content {
			if c.Kind != yaml.ScalarNode {
				d.warn(c.Line+1, key, "list items must be single values")
				continue
			}
			items = append(items, splitNames(c.Value)...)
		}
	case yaml.ScalarNode:
		items = splitNames(n.Value)
	default:
		d.warn(d.lines[key], key, "must be a list or a comma-separated string")
	}
	return items, true
}

// stringMap returns a mapping of strings (metadata).
func (d *doc) stringMap(key string) map[string]string {
	n, ok := d.fields[key]
	if !ok || n.Tag == "!!null" {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		d.warn(d.lines[key], key, "must be a mapping of key: value")
		return nil
	}
	out := make(map[string]string, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		out[n.Content[i].Value] = n.Content[i+1].Value
	}
	return out
}

// splitNames splits "Read, Grep Bash(git diff:*)" at commas and at spaces
// outside parentheses.
func splitNames(s string) []string {
	var out []string
	var cur strings.Builder
	depth := 0
	flush := func() {
		if t := strings.TrimSpace(cur.String()); t != "" {
			out = append(out, t)
		}
		cur.Reset()
	}
	for _, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case (r == ',' || r == ' ' || r == '\t' || r == '\n') && depth == 0:
			flush()
			continue
		}
		cur.WriteRune(r)
	}
	flush()
	return out
}
