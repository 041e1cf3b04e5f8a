package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
)

//go:embed grep.md
var grepDescription string

// Limits of one grep call.
const (
	grepMaxMatches   = 100 // matching lines returned
	grepMaxLineChars = 500 // characters shown of each matching line
)

type grepParams struct {
	Pattern     string `json:"pattern" jsonschema_description:"Regular expression to search for (RE2 syntax), or plain text when literal_text is true."`
	Path        string `json:"path,omitempty" jsonschema_description:"File or directory to search (default: the working directory)."`
	Include     string `json:"include,omitempty" jsonschema_description:"Only search files whose name matches this glob, such as *.go or *.{ts,tsx}; a glob containing / is matched against the path relative to path."`
	LiteralText bool   `json:"literal_text,omitempty" jsonschema_description:"Treat pattern as plain text instead of a regular expression."`
}

// grepQuery is a validated search.
type grepQuery struct {
	re      *regexp.Regexp // the compiled pattern (literal text quoted)
	pattern string         // as given
	literal bool
	include string
	root    string // resolved file or directory
}

// grepMatch is one matching line.
type grepMatch struct {
	path string // absolute
	line int
	text string
}

type grepTool struct {
	env    *Env
	schema json.RawMessage
	// rg is the ripgrep executable; "" selects the built-in Go search,
	// whose output is the same.
	rg string
}

func init() {
	register(func(env *Env) Tool {
		rg, _ := exec.LookPath("rg")
		return &grepTool{env: env, schema: SchemaFor[grepParams](), rg: rg}
	})
}

// Info describes grep.
func (t *grepTool) Info() Info {
	return Info{Name: "grep", Description: grepDescription, Schema: t.schema, Policy: PolicyReadOnly}
}

// Run searches file contents.
func (t *grepTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[grepParams](call)
	if err != nil {
		return Result{}, err
	}
	if p.Pattern == "" {
		return ErrorResult("pattern is empty: give the text or regular expression to search for."), nil
	}
	q := grepQuery{pattern: p.Pattern, literal: p.LiteralText, include: p.Include}
	expr := p.Pattern
	if p.LiteralText {
		expr = regexp.QuoteMeta(expr)
	}
	if q.re, err = regexp.Compile(expr); err != nil {
		return ErrorResult(fmt.Sprintf("invalid regular expression: %v. Escape special characters or set literal_text.", err)), nil
	}
	target, res, ok := readAccess(ctx, t.env, "grep", p.Path)
	if !ok {
		return res, nil
	}
	fi, err := os.Stat(target.Abs)
	if err != nil {
		if gone := artifactGone(ctx, t.env, target.Abs); gone != "" {
			return ErrorResult(gone), nil
		}
		return ErrorResult(didYouMean(target.Abs, shownPath(target))), nil
	}
	if msg := notRegular(fi, shownPath(target)); msg != "" && !fi.IsDir() { // never open a FIFO or device
		return ErrorResult(msg), nil
	}
	q.root = target.Abs
	rel := newRelativizer(t.env)
	c := &grepCollector{limit: grepMaxMatches, name: rel.name}
	var saved *spill
	if t.env.Artifacts != nil && CallFrom(ctx).SessionID != "" {
		saved = newSpill(ctx, t.env.Artifacts, 64<<10)
		c.out, c.budget = saved, t.env.Artifacts.Quota()
	}
	if t.rg != "" {
		err = grepRipgrep(ctx, t.rg, q, c)
	} else {
		err = grepWalk(ctx, q, c)
	}
	if err != nil {
		return Result{}, err
	}
	res = grepResult(rel, c.matches, c.extra)
	if saved != nil && c.extra > 0 {
		saved.force()
		path, note := saved.Close()
		res.Content += "\n\n" + note
		res.Artifact, res.Display.Artifact = path.Path, path.Path
	} else if saved != nil {
		saved.discard()
	}
	return res, nil
}

// grepResult groups the matches by file, with line numbers.
func grepResult(rel relativizer, matches []grepMatch, extra int) Result {
	if len(matches) == 0 {
		return Result{Content: "No matches found.", Display: Display{Kind: DisplayList}}
	}
	truncated := extra > 0
	var b strings.Builder
	files := 0
	for i, m := range matches {
		if i == 0 || m.path != matches[i-1].path {
			if i > 0 {
				b.WriteString("\n")
			}
			fmt.Fprintf(&b, "%s:\n", rel.name(m.path))
			files++
		}
		text, _ := cutRunes(m.text, grepMaxLineChars)
		fmt.Fprintf(&b, "  %d: %s\n", m.line, text)
	}
	head := fmt.Sprintf("Found %s in %s.\n\n", plural(len(matches), "matching line"), plural(files, "file"))
	if truncated {
		head = fmt.Sprintf("Showing the first %s (in %s); there are more. Narrow the pattern, path or include.\n\n",
			plural(len(matches), "matching line"), plural(files, "file"))
	}
	body := strings.TrimRight(b.String(), "\n")
	return Result{Content: head + body, Display: Display{Kind: DisplayList, Title: strings.TrimSpace(head), Body: body}}
}

// plural formats n with noun, adding an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
