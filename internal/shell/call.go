package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// call judges one simple command: the guardrail first, then wrappers are
// peeled off until the command that really runs is found.
func (an *analyzer) call(ws []word, depth int) {
	tainted := false
	for len(ws) > 0 {
		if !ws[0].lit {
			an.risk("command name is not a plain word")
			an.add(ws, false)
			return
		}
		if reason := refusal(texts(ws)); reason != "" {
			an.refuse(reason)
			an.add(ws, false)
			return
		}
		if tainted {
			an.taint++
		}
		u := an.unwrap(ws, depth)
		if tainted {
			an.taint--
		}
		if u.done {
			return
		}
		if u.inner == nil {
			an.add(ws, !tainted && readOnly(ws))
			return
		}
		tainted = tainted || u.tainted
		ws = u.inner
	}
}

// redirect judges a redirection: reading inside the project, here-docs,
// fd duplication and writes to /dev/null are harmless; anything else is a
// risk.
func (an *analyzer) redirect(r *syntax.Redirect) {
	if r.N != nil && strings.HasPrefix(r.N.Value, "{") {
		an.risk("variable assignment")
	}
	switch r.Op {
	case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		return
	}
	w := newWord(r.Word)
	switch r.Op {
	case syntax.DplIn, syntax.DplOut:
		if !w.lit || !isFD(w.text) {
			an.risk("redirection to a file")
		}
	case syntax.RdrIn:
		if !w.lit || escapesProject(w.text) {
			an.risk("input redirection from outside the project")
		}
	default:
		if !w.lit || !harmlessDevice(w.text) {
			an.risk("redirection to a file")
		}
	}
}

// isFD reports whether s names a file descriptor in >&N, >&N- or >&-.
func isFD(s string) bool {
	s = strings.TrimSuffix(s, "-")
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// harmlessDevice reports whether writing to or reading from path touches
// no file.
func harmlessDevice(path string) bool {
	switch path {
	case "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/stdin":
		return true
	}
	return false
}

// quoteWord renders a literal word so that String keeps word boundaries:
// words with blanks or shell syntax are single-quoted; globs stay visible.
func quoteWord(w word) string {
	if !w.lit {
		return w.text
	}
	if w.text != "" && !strings.ContainsAny(w.text, " \t\n'\"\\$`;&|<>()#") {
		return w.text
	}
	return "'" + strings.ReplaceAll(w.text, "'", `'\''`) + "'"
}
