package lsp

import (
	"context"
	"fmt"
	"os"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// References returns the uses of symbol (a name like "Add", or qualified
// like "Server.Start": the last part is looked up), declaration included.
// path is a file that declares or uses the symbol, or a directory to find
// it in (default: the project). The symbol is found through the server's
// workspace symbols, or else by its first occurrence in the file.
func (m *Manager) References(ctx context.Context, symbol, path string) ([]Location, error) {
	if path == "" {
		path = m.opts.WorkDir
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	var clients []*client
	if fi.IsDir() {
		clients, err = m.clientsFor(ctx, path)
	} else {
		var c *client
		c, err = m.clientFor(ctx, path)
		if c == nil && err == nil {
			err = fmt.Errorf("%w for %s files", ErrNoServer, extOf(path))
		}
		clients = []*client{c}
	}
	if err != nil {
		return nil, err
	}
	for _, c := range clients {
		at, ok, err := c.locate(ctx, symbol, path, !fi.IsDir())
		if err != nil {
			return nil, err
		}
		if ok {
			return c.references(ctx, at)
		}
	}
	return nil, fmt.Errorf("symbol %q not found in %s", symbol, m.shown(path))
}

// locate finds where symbol is declared (workspace symbols under path) or,
// for a file, first occurs in it.
func (c *client) locate(ctx context.Context, symbol, path string, isFile bool) (Location, bool, error) {
	if c.capabilities().symbols {
		var found []symbolInformation
		if err := c.call(ctx, "workspace/symbol", workspaceSymbolParams{Query: lastPart(symbol)}, &found); err != nil {
			return Location{}, false, err
		}
		if loc, ok := bestSymbol(found, symbol, path); ok {
			return loc, true, nil
		}
	}
	if !isFile {
		return Location{}, false, nil
	}
	text, err := os.ReadFile(path)
	if err != nil {
		return Location{}, false, err
	}
	pos, ok := findIdentifier(string(text), lastPart(symbol))
	return Location{URI: pathToURI(path), Range: Range{Start: pos, End: pos}}, ok, nil
}

// references asks for the uses of the symbol at loc, opening its file.
func (c *client) references(ctx context.Context, loc Location) ([]Location, error) {
	if path := uriToPath(loc.URI); path != "" {
		if _, err := c.syncDoc(ctx, path, false); err != nil {
			return nil, err
		}
	}
	p := referenceParams{TextDocument: docID{URI: loc.URI}, Position: loc.Range.Start}
	p.Context.IncludeDeclaration = true
	var out []Location
	if err := c.call(ctx, "textDocument/references", p, &out); err != nil {
		return nil, fmt.Errorf("references: %w", err)
	}
	return out, nil
}

// bestSymbol picks the symbol named like symbol under path: an exact
// match of the qualified name first, then of its last part.
func bestSymbol(found []symbolInformation, symbol, path string) (Location, bool) {
	last := lastPart(symbol)
	var fallback *symbolInformation
	for i, s := range found {
		p := uriToPath(s.Location.URI)
		if p == "" || !within(p, path) {
			continue
		}
		qualified := s.Name
		if s.ContainerName != "" {
			qualified = s.ContainerName + "." + s.Name
		}
		switch {
		case s.Name == symbol || qualified == symbol || strings.HasSuffix(qualified, "."+symbol):
			return s.Location, true
		case fallback == nil && (s.Name == last || strings.HasSuffix(s.Name, "."+last)):
			fallback = &found[i]
		}
	}
	if fallback != nil {
		return fallback.Location, true
	}
	return Location{}, false
}

// lastPart is the last dot-separated part of a qualified name.
func lastPart(symbol string) string {
	return symbol[strings.LastIndexByte(symbol, '.')+1:]
}

// findIdentifier returns the position (UTF-16 columns, as LSP counts) of
// the first occurrence of name as a whole identifier in text.
func findIdentifier(text, name string) (Position, bool) {
	if name == "" {
		return Position{}, false
	}
	for line, s := range strings.Split(text, "\n") {
		for from := 0; ; {
			i := strings.Index(s[from:], name)
			if i < 0 {
				break
			}
			i += from
			before, _ := utf8.DecodeLastRuneInString(s[:i])
			after, _ := utf8.DecodeRuneInString(s[i+len(name):])
			if !isIdent(before) && !isIdent(after) {
				return Position{Line: line, Character: utf16Len(s[:i])}, true
			}
			from = i + len(name)
		}
	}
	return Position{}, false
}

func isIdent(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// utf16Len is the length of s in UTF-16 code units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}
