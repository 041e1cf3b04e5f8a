package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Pattern is the pattern of a bash deny rule, read as one or more
// commands so that a line matches it by what runs rather than by how it
// is spelled: `bash(rm -rf*)` matches /bin/rm -fr x, rm -r -f x, rm
// --recursive --force x, env rm -rf x, find x -delete, and bash -c 'rm
// -rf x'.
type Pattern struct {
	raw  string
	cmds []patternCmd
}

// patternCmd is one command of a pattern: every part must be present in
// a command of the line for the pattern to match it. Extra options and
// operands do not matter: a deny rule errs on the side of matching.
type patternCmd struct {
	prog     string
	sub      string
	letters  string
	longs    []longOption
	operands []string
}

// longOption is a long option a pattern asks for: the option itself (a
// glob, --force* matches --force-with-lease) or the short letter it
// means.
type longOption struct {
	glob   string
	letter string
}

// ParsePattern reads a bash rule pattern. A trailing * (on the last word
// or alone) means "and anything after".
func ParsePattern(raw string) Pattern {
	p := Pattern{raw: raw}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(raw), "")
	if err != nil {
		p.cmds = append(p.cmds, patternOf(fieldsAsWords(raw)))
		return p
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
			p.cmds = append(p.cmds, patternOf(words(c.Args)))
		}
		return true
	})
	return p
}

// fieldsAsWords splits an unparsable pattern on blanks.
func fieldsAsWords(s string) []word {
	var out []word
	for _, f := range strings.Fields(s) {
		out = append(out, word{text: f, lit: true})
	}
	return out
}

// patternOf turns a pattern's words into what a command must contain.
func patternOf(ws []word) patternCmd {
	if last := len(ws) - 1; last > 0 && ws[last].text == "*" {
		ws = ws[:last]
	} else if last > 0 && strings.HasSuffix(ws[last].text, "*") && strings.HasPrefix(ws[last].text, "-") && !strings.HasPrefix(ws[last].text, "--") {
		ws = append(append([]word(nil), ws[:last]...), word{text: strings.TrimRight(ws[last].text, "*"), lit: true})
	}
	for i := range ws {
		ws[i].lit, ws[i].glob = true, false
	}
	n := normalize(ws)
	pc := patternCmd{prog: n.prog, sub: n.sub(), operands: n.operands}
	pc.letters = strings.NewReplacer("*", "", "?", "").Replace(n.canon)
	table := flagAliases(n.prog, n.sub())
	for _, l := range n.longs {
		pc.longs = append(pc.longs, longOption{glob: l, letter: aliasOf(table, strings.TrimRight(l, "*"))})
	}
	if pc.sub != "" && len(pc.operands) > 0 && pc.operands[0] == pc.sub && !subcommandTool(pc.prog) {
		pc.sub = ""
	}
	if pc.sub != "" && len(pc.operands) > 0 && pc.operands[0] == pc.sub {
		pc.operands = pc.operands[1:]
	}
	return pc
}

// Denies reports whether a deny rule with this pattern matches a line:
// its raw text, a command as written (see Command.String), or every
// command of the pattern matching some command of the line in normal
// form. A line with unchecked parts matches every pattern.
func (p Pattern) Denies(line string, a Analysis) bool {
	if len(a.Unchecked) > 0 || globMatch(p.raw, line) {
		return true
	}
	for _, c := range a.Commands {
		if globMatch(p.raw, c.String()) || c.dynamic {
			return true
		}
	}
	if len(p.cmds) == 0 {
		return false
	}
	for _, pc := range p.cmds {
		if !pc.matchesAny(a.Commands) {
			return false
		}
	}
	return true
}

// matchesAny reports whether some command (or an equivalent form of it)
// contains everything pc asks for.
func (pc patternCmd) matchesAny(cmds []Command) bool {
	for _, c := range cmds {
		forms := append([][]word{c.words}, c.also...)
		for _, ws := range forms {
			if len(ws) > 0 && pc.matches(normalize(ws)) {
				return true
			}
		}
	}
	return false
}

// matches reports whether a command in normal form contains everything
// pc asks for.
func (pc patternCmd) matches(n normal) bool {
	if n.prog != "" && !globMatch(pc.prog, n.prog) {
		return false
	}
	if pc.sub != "" && !n.subAny && !anyGlob(pc.sub, n.subs) {
		return false
	}
	if !n.anyFlag {
		for _, c := range pc.letters {
			if !strings.ContainsRune(n.letters, c) {
				return false
			}
		}
		for _, l := range pc.longs {
			if !anyGlob(l.glob, n.longs) && !anyGlob(l.glob, n.flagWords) && !abbreviates(n.longs, l.glob) &&
				(l.letter == "" || !strings.Contains(n.letters, l.letter)) {
				return false
			}
		}
	}
	if !n.anyOperand {
		for _, o := range pc.operands {
			if !anyGlob(o, n.operands) {
				return false
			}
		}
	}
	return true
}

// abbreviates reports whether one of the command's long options may be an
// abbreviation of the pattern's (git reset --har is --hard).
func abbreviates(longs []string, pattern string) bool {
	full := strings.TrimRight(pattern, "*")
	for _, l := range longs {
		if len(l) >= 3 && strings.HasPrefix(full, l) {
			return true
		}
	}
	return false
}

// anyGlob reports whether pattern matches one of list.
func anyGlob(pattern string, list []string) bool {
	for _, s := range list {
		if globMatch(pattern, s) {
			return true
		}
	}
	return false
}

// Glob matches s against a pattern where * matches any run of characters
// (spaces and slashes included) and ? any one character: the matching of
// bash rule patterns against command text.
func Glob(pattern, s string) bool { return globMatch(pattern, s) }

// globMatch is Glob.
func globMatch(pattern, s string) bool {
	p, i := 0, 0
	star, mark := -1, 0
	for i < len(s) {
		switch {
		case p < len(pattern) && (pattern[p] == '?' || pattern[p] == s[i]):
			p++
			i++
		case p < len(pattern) && pattern[p] == '*':
			star, mark = p, i
			p++
		case star >= 0:
			p = star + 1
			mark++
			i = mark
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}
