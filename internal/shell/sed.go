package shell

import "strings"

// sedOpts are the sed options that keep it printing to stdout. Not -i
// (edits files in place), -f (a script file), --follow-symlinks.
const sedOpts = `-n --quiet --silent -E -r --regexp-extended -s --separate -z --null-data
	-u --unbuffered --posix --debug --sandbox -l= --line-length= -e= --expression= --help --version`

// sedReadOnly accepts sed scripts made of printing commands: p, P, d, D,
// q, Q, =, l, n, N, g, G, h, H, x, {, }, and s/// or y/// without the w
// and e flags, with line, regex and step addresses. r, R, w, W, e, F and
// anything unknown refuse. Without -e the first operand is the script.
func sedReadOnly(args []string, need *fsNeed) bool {
	p, ok := parseGNU(sedOpts, args)
	if !ok {
		return false
	}
	scripts := p.values("-e", "--expression")
	var at []int
	for _, o := range p.opts {
		if o.name == "-e" || o.name == "--expression" {
			at = append(at, o.at)
		}
	}
	if len(scripts) == 0 {
		if len(p.operands) == 0 {
			return false
		}
		scripts, at = p.operands[:1], p.operandAt[:1]
	}
	need.words = dropAt(need.words, at)
	for _, s := range scripts {
		if !sedScript(s) {
			return false
		}
	}
	return true
}

// sedScript parses a script the way GNU sed does, command by command.
func sedScript(s string) bool {
	sc := sedScanner{s: s}
	for {
		sc.skip(" \t\n;")
		if sc.done() {
			return true
		}
		if !sc.address() || !sc.command() {
			return false
		}
	}
}

// sedScanner walks a sed script.
type sedScanner struct {
	s string
	i int
}

func (sc *sedScanner) done() bool { return sc.i >= len(sc.s) }

func (sc *sedScanner) peek() byte {
	if sc.done() {
		return 0
	}
	return sc.s[sc.i]
}

func (sc *sedScanner) skip(set string) {
	for !sc.done() && strings.IndexByte(set, sc.s[sc.i]) >= 0 {
		sc.i++
	}
}

// address consumes an optional address or address range and a "!".
func (sc *sedScanner) address() bool {
	if sc.addr1() {
		sc.skip(" \t")
		if sc.peek() == ',' {
			sc.i++
			sc.skip(" \t")
			if !sc.addr1() {
				return false
			}
		}
	}
	sc.skip(" \t")
	if sc.peek() == '!' {
		sc.i++
		sc.skip(" \t")
	}
	return true
}

// addr1 consumes one address: N, $, first~step, +N, ~N, /re/ or \cREc,
// with the I and M flags after a regex.
func (sc *sedScanner) addr1() bool {
	start := sc.i
	switch c := sc.peek(); {
	case c == '$':
		sc.i++
	case c == '/' || c == '\\':
		if c == '\\' {
			sc.i++
		}
		if !sc.delimited() {
			sc.i = len(sc.s) + 1 // a broken regex: nothing is accepted
			return false
		}
		sc.skip("IM")
	default:
		sc.skip("0123456789+~")
	}
	return sc.i > start
}

// delimited consumes a delimiter and the text up to its next unescaped
// occurrence, as GNU sed's match_slash does (brackets are not special).
func (sc *sedScanner) delimited() bool {
	if sc.done() || sc.peek() == '\n' || sc.peek() == '\\' {
		return false
	}
	delim := sc.s[sc.i]
	sc.i++
	for !sc.done() {
		switch c := sc.s[sc.i]; {
		case c == '\\':
			sc.i += 2
		case c == delim:
			sc.i++
			return true
		case c == '\n':
			return false
		default:
			sc.i++
		}
	}
	return false
}

// command consumes one command and what ends it.
func (sc *sedScanner) command() bool {
	if sc.done() {
		return false
	}
	c := sc.s[sc.i]
	sc.i++
	switch {
	case c == '{':
		return true
	case strings.IndexByte("pPdDnNgGhHx=l}", c) >= 0:
	case c == 'q' || c == 'Q':
		sc.skip(" \t")
		sc.skip("0123456789")
	case c == 's':
		if !sc.delimited() || !sc.replacement() {
			return false
		}
		sc.skip("gpiImM0123456789")
	case c == 'y':
		if !sc.delimited() || !sc.replacement() {
			return false
		}
	default:
		return false
	}
	sc.skip(" \t")
	return sc.done() || strings.IndexByte(";\n}", sc.peek()) >= 0
}

// replacement consumes the second part of s/re/repl/ or y/a/b/, ended by
// the delimiter that opened the first part.
func (sc *sedScanner) replacement() bool {
	delim := sc.s[sc.i-1]
	for !sc.done() {
		switch c := sc.s[sc.i]; {
		case c == '\\':
			sc.i += 2
		case c == delim:
			sc.i++
			return true
		default:
			sc.i++
		}
	}
	return false
}
