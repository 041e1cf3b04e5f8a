package lsp

import (
	"cmp"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/honecode/hone/internal/tools"
)

//go:embed references.md
var referencesDescription string

// Limits of one references call.
const (
	maxReferences = 200
	maxLineChars  = 200
)

type referencesParams struct {
	Symbol string `json:"symbol" jsonschema_description:"Name of the function, method, type, variable or constant, like Add or Server.Start."`
	Path   string `json:"path,omitempty" jsonschema_description:"A file that declares or uses the symbol (most precise), or a directory to look in (default: the working directory)."`
}

type referencesTool struct {
	m      *Manager
	schema json.RawMessage
}

// Info describes references.
func (t *referencesTool) Info() tools.Info {
	return tools.Info{Name: "references", Description: referencesDescription, Schema: t.schema, Policy: tools.PolicyReadOnly}
}

// Run lists the uses of a symbol with their source lines.
func (t *referencesTool) Run(ctx context.Context, call tools.Call) (tools.Result, error) {
	p, err := decode[referencesParams](call)
	if err != nil {
		return tools.Result{}, err
	}
	if strings.TrimSpace(p.Symbol) == "" {
		return tools.ErrorResult("symbol is empty: give the name of the function, type or variable."), nil
	}
	target, bad := t.m.resolveArg(p.Path)
	if bad != nil {
		return *bad, nil
	}
	locs, err := t.m.References(ctx, strings.TrimSpace(p.Symbol), target)
	if err != nil {
		return t.m.failure(ctx, "references", err)
	}
	text := t.format(p.Symbol, locs)
	return tools.Result{Content: text, Display: tools.Display{Kind: tools.DisplayList, Title: "references: " + p.Symbol, Body: text}}, nil
}

// format lists locs by file and line, each with its source line.
func (t *referencesTool) format(symbol string, locs []Location) string {
	if len(locs) == 0 {
		return fmt.Sprintf("No references to %s found.", symbol)
	}
	slices.SortFunc(locs, func(a, b Location) int {
		return cmp.Or(strings.Compare(a.URI, b.URI), cmp.Compare(a.Range.Start.Line, b.Range.Start.Line),
			cmp.Compare(a.Range.Start.Character, b.Range.Start.Character))
	})
	files := map[string][]string{}
	var b strings.Builder
	fmt.Fprintf(&b, "%s to %s:\n", count(len(locs), "reference"), symbol)
	lastURI := ""
	for i, l := range locs {
		if i == maxReferences {
			fmt.Fprintf(&b, "… and %d more\n", len(locs)-i)
			break
		}
		path := uriToPath(l.URI)
		if l.URI != lastURI {
			b.WriteString(t.m.shown(path) + ":\n")
			lastURI = l.URI
		}
		lines, ok := files[path]
		if !ok {
			data, _ := os.ReadFile(path)
			lines = strings.Split(string(data), "\n")
			files[path] = lines
		}
		src := ""
		if n := l.Range.Start.Line; n < len(lines) {
			src = clip(strings.TrimSpace(lines[n]), maxLineChars)
		}
		fmt.Fprintf(&b, "  %d:%d %s\n", l.Range.Start.Line+1, l.Range.Start.Character+1, src)
	}
	return strings.TrimRight(b.String(), "\n")
}

// clip shortens s to n bytes on a rune boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
