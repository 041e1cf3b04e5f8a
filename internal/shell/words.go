package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// word is one shell word: its value after quote removal when it is a plain
// literal, or its source text otherwise.
type word struct {
	text string
	lit  bool
	// glob is set when an unquoted *, ? or [ lets the shell replace the
	// word with file names.
	glob bool
	// tail is, for a word that is not literal, its static last path
	// element ("$GOPATH/bin/tool" → tool), or "" when there is none.
	tail string
	// noDash is set on a glob when the filesystem showed that none of the
	// names it may expand to starts with "-", so it cannot turn into
	// options.
	noDash bool
}

// words evaluates a command's arguments statically. Brace expansion is
// applied first, as bash does, so {sudo,id} becomes the two words sudo
// and id.
func words(args []*syntax.Word) []word {
	out := make([]word, 0, len(args))
	for _, w := range args {
		out = append(out, expandWord(w)...)
	}
	return out
}

// expandWord evaluates one word, expanding braces. A word whose expansion
// would be too large is kept as one word that is not literal.
func expandWord(orig *syntax.Word) []word {
	w := &syntax.Word{Parts: append([]syntax.WordPart(nil), orig.Parts...)}
	if !syntax.SplitBraces(w) {
		return []word{newWord(orig)}
	}
	alts, ok := braceAlternatives(w.Parts, maxBraceWords)
	if !ok {
		// The word as written: the printer panics on some split braces
		// (an empty alternative, as in {,,}).
		return []word{{text: source(orig)}}
	}
	out := make([]word, 0, len(alts))
	for _, parts := range alts {
		out = append(out, newWord(&syntax.Word{Parts: parts}))
	}
	return out
}

// newWord evaluates w statically. Words containing expansions,
// substitutions or extended globs are not literal.
func newWord(w *syntax.Word) word {
	var b strings.Builder
	glob := false
	for _, part := range w.Parts {
		if lit, ok := part.(*syntax.Lit); ok && globChars(lit.Value) {
			glob = true
		}
		if !appendLiteral(&b, part) {
			return word{text: source(w), lit: false, tail: staticTail(w.Parts)}
		}
	}
	return word{text: b.String(), lit: true, glob: glob}
}

// staticTail returns the text after the last / of a word when everything
// after it is a plain literal: the name of the program the word runs.
func staticTail(parts []syntax.WordPart) string {
	tail, ok := "", false
	var walk func(parts []syntax.WordPart)
	walk = func(parts []syntax.WordPart) {
		for _, part := range parts {
			if dq, isDq := part.(*syntax.DblQuoted); isDq && !dq.Dollar {
				walk(dq.Parts)
				continue
			}
			var b strings.Builder
			if !appendLiteral(&b, part) {
				tail, ok = "", false
				continue
			}
			s := b.String()
			if i := strings.LastIndexByte(s, '/'); i >= 0 {
				tail, ok = s[i+1:], true
			} else {
				tail += s
			}
			if lit, isLit := part.(*syntax.Lit); isLit && globChars(lit.Value) {
				ok = false
			}
		}
	}
	walk(parts)
	if !ok {
		return ""
	}
	return tail
}

// globChars reports whether an unquoted literal may be a glob: a * or ?,
// or a [ with a ] after it.
func globChars(s string) bool {
	if strings.ContainsAny(s, "*?") {
		return true
	}
	i := strings.IndexByte(s, '[')
	return i >= 0 && strings.IndexByte(s[i+1:], ']') >= 0
}

// appendLiteral writes the value of a literal word part and reports
// whether the part was literal.
func appendLiteral(b *strings.Builder, part syntax.WordPart) bool {
	switch p := part.(type) {
	case *syntax.Lit:
		b.WriteString(unescape(p.Value, ""))
		return true
	case *syntax.SglQuoted:
		if !p.Dollar {
			b.WriteString(p.Value)
			return true
		}
		s, ok := ansiC(p.Value)
		b.WriteString(s)
		return ok
	case *syntax.DblQuoted:
		if p.Dollar {
			return false
		}
		for _, inner := range p.Parts {
			lit, ok := inner.(*syntax.Lit)
			if !ok {
				return false
			}
			b.WriteString(unescape(lit.Value, "$`\"\\\n"))
		}
		return true
	default:
		return false
	}
}

// unescape removes shell backslash escapes from s. Outside double quotes
// (only == "") a backslash escapes any character; inside, only the
// characters in only. A backslash-newline pair is a line continuation.
func unescape(s, only string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		next := s[i+1]
		switch {
		case next == '\n':
			i++
		case only == "" || strings.IndexByte(only, next) >= 0:
			b.WriteByte(next)
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// ansiC decodes the common escapes of a $'…' string. Numeric and control
// escapes are reported as not literal: the caller then treats the word as
// dynamic, which never makes a command more trusted.
func ansiC(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case '\\', '\'', '"', '?':
			b.WriteByte(s[i])
		default:
			return s, false
		}
	}
	return b.String(), true
}

// source prints a node back as shell source on one line; "?" when the
// printer fails or panics (mvdan.cc/sh's printer assumes nodes its own
// parser makes), which leaves the text unknown: never literal.
func source(n syntax.Node) (text string) {
	defer func() {
		if recover() != nil {
			text = "?"
		}
	}()
	var b strings.Builder
	if err := syntax.NewPrinter(syntax.SingleLine(true)).Print(&b, n); err != nil {
		return "?"
	}
	return b.String()
}

// texts returns the text of each word.
func texts(ws []word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.text
	}
	return out
}

// allLiteral reports whether every word is a plain literal.
func allLiteral(ws []word) bool {
	for _, w := range ws {
		if !w.lit {
			return false
		}
	}
	return true
}

// baseName returns the last path element of a command name, so that
// /usr/bin/sudo is judged as sudo.
func baseName(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[i+1:]
	}
	return name
}
