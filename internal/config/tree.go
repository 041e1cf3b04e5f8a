package config

import (
	"encoding/json"
	"fmt"
)

// kind is the JSON type of a parsed value.
type kind int

const (
	kindNull kind = iota
	kindBool
	kindNumber
	kindString
	kindArray
	kindObject
)

func (k kind) String() string {
	return [...]string{"null", "boolean", "number", "string", "array", "object"}[k]
}

// node is a JSON value with the byte offset where it starts, so every
// diagnostic can name a line and column.
type node struct {
	kind   kind
	off    int
	text   string // raw number text, or the decoded string
	items  []*node
	fields []field
}

// field is one member of an object, in source order.
type field struct {
	key    string
	keyOff int
	value  *node
}

// parseTree parses src, which must already be valid JSON (checkSyntax).
func parseTree(src []byte) (*node, error) {
	p := &treeParser{src: src}
	n, err := p.value()
	if err != nil {
		return nil, fmt.Errorf("parse tree: %w", err)
	}
	return n, nil
}

type treeParser struct {
	src []byte
	i   int
}

func (p *treeParser) skip() {
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case ' ', '\t', '\n', '\r', ',', ':':
			p.i++
		default:
			return
		}
	}
}

func (p *treeParser) value() (*node, error) {
	p.skip()
	if p.i >= len(p.src) {
		return nil, fmt.Errorf("unexpected end at %d", p.i)
	}
	n := &node{off: p.i}
	switch c := p.src[p.i]; {
	case c == '{':
		n.kind = kindObject
		return n, p.object(n)
	case c == '[':
		n.kind = kindArray
		return n, p.array(n)
	case c == '"':
		n.kind = kindString
		s, err := p.str()
		n.text = s
		return n, err
	case c == 't' || c == 'f':
		n.kind = kindBool
		p.word()
	case c == 'n':
		n.kind = kindNull
		p.word()
	default:
		n.kind = kindNumber
		n.text = p.word()
	}
	return n, nil
}

func (p *treeParser) object(n *node) error {
	p.i++ // {
	for p.skip(); p.i < len(p.src) && p.src[p.i] != '}'; p.skip() {
		keyOff := p.i
		key, err := p.str()
		if err != nil {
			return err
		}
		v, err := p.value()
		if err != nil {
			return err
		}
		n.fields = append(n.fields, field{key: key, keyOff: keyOff, value: v})
	}
	p.i++ // }
	return nil
}

func (p *treeParser) array(n *node) error {
	p.i++ // [
	for p.skip(); p.i < len(p.src) && p.src[p.i] != ']'; p.skip() {
		v, err := p.value()
		if err != nil {
			return err
		}
		n.items = append(n.items, v)
	}
	p.i++ // ]
	return nil
}

// str reads the string literal at p.i and returns it decoded.
func (p *treeParser) str() (string, error) {
	start := p.i
	for p.i++; p.i < len(p.src) && p.src[p.i] != '"'; p.i++ {
		if p.src[p.i] == '\\' {
			p.i++
		}
	}
	p.i++
	var s string
	if err := json.Unmarshal(p.src[start:min(p.i, len(p.src))], &s); err != nil {
		return "", fmt.Errorf("string at %d: %w", start, err)
	}
	return s, nil
}

// word reads a literal or number up to the next delimiter.
func (p *treeParser) word() string {
	start := p.i
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case ' ', '\t', '\n', '\r', ',', ']', '}':
			return string(p.src[start:p.i])
		}
		p.i++
	}
	return string(p.src[start:p.i])
}
