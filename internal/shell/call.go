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
		if !ws[0].lit || ws[0].glob {
			if programName(ws[0]) == "" {
				an.unchecked("the program name `" + ws[0].text + "` is computed at run time")
				an.addDynamic(ws)
				return
			}
			an.risk("command name is not a plain word")
		}
		if an.guard(ws) {
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
			an.leaf(ws, tainted)
			return
		}
		tainted = tainted || u.tainted
		ws = u.inner
	}
}

// leaf records a command that wraps nothing. A package runner's command
// (npx CMD) is guarded and kept as an equivalent form for deny rules.
func (an *analyzer) leaf(ws []word, tainted bool) {
	inner := runnerInner(ws)
	if len(inner) > 0 && programName(inner[0]) == "" {
		an.unchecked("the program `" + inner[0].text + "` that `" + ws[0].text + "` runs is computed at run time")
		an.addDynamic(ws)
		return
	}
	if len(inner) > 0 && an.guard(inner) {
		return
	}
	if tainted {
		an.taint++
	}
	ok, need := readOnly(ws)
	c := an.add(ws, ok, need)
	if tainted {
		an.taint--
	}
	if len(inner) > 0 {
		c.also = append(c.also, inner)
	}
	if programName(ws[0]) == "unlink" {
		c.also = append(c.also, append([]word{{text: "rm", lit: true}}, ws[1:]...))
	}
}

// guard applies the guardrail to a command; it reports whether the
// command was refused or left unchecked (and recorded).
func (an *analyzer) guard(ws []word) bool {
	if reason := refusal(ws); reason != "" {
		an.refuse(reason)
		an.add(ws, false, nil)
		return true
	}
	if reason := uncheckable(ws); reason != "" {
		an.unchecked(reason)
		an.addDynamic(ws)
		return true
	}
	return false
}

// programName returns the name a command word runs, or "" when it is not
// known before the command runs. "$GOPATH/bin/tool" runs tool: only the
// last path element must be static.
func programName(w word) string {
	if w.lit && !w.glob {
		return baseName(w.text)
	}
	if w.glob {
		return ""
	}
	return w.tail
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
		if !w.lit || w.glob || escapesProject(w.text) {
			an.risk("input redirection from outside the project")
		}
		an.inputs = append(an.inputs, w)
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
