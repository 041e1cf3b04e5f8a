package ignore

import (
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// kind is how a rule compares: as a string where the pattern allows it,
// else with the wildcard matcher.
type kind uint8

const (
	kindLiteral kind = iota // subject == lit
	kindSuffix              // "*lit": subject ends with lit
	kindPrefix              // "lit*": subject starts with lit
	kindGlob                // glob matches subject
	kindInside              // "glob/**": glob matches a directory above subject
)

// rule is one compiled pattern line.
type rule struct {
	negate   bool // "!pattern": re-include
	dirOnly  bool // "pattern/": directories only
	anchored bool // matched against the path below the file's directory, else the name
	kind     kind
	lit      string // kindLiteral, kindSuffix, kindPrefix
	glob     string // kindGlob, kindInside: doublestar syntax
}

// compile reads one line of an ignore file; false for blank lines,
// comments and patterns git would never match.
func compile(line string) (rule, bool) {
	var r rule
	line = trimTrailingSpaces(line)
	if line == "" || line[0] == '#' {
		return r, false
	}
	if line[0] == '!' {
		r.negate, line = true, line[1:]
	}
	if strings.HasSuffix(line, "/") {
		r.dirOnly, line = true, strings.TrimSuffix(line, "/")
	}
	if strings.Contains(line, "/") {
		r.anchored, line = true, strings.TrimPrefix(line, "/")
	}
	if line == "" {
		return r, false
	}
	return r, r.setPattern(line)
}

// setPattern picks the cheapest comparison that gives git's answer for
// pattern; false when git would never match it (a bad bracket or escape).
func (r *rule) setPattern(pattern string) bool {
	if !hasMeta(pattern) {
		r.kind, r.lit = kindLiteral, pattern
		return true
	}
	if !r.anchored && len(pattern) > 1 {
		if rest := pattern[1:]; pattern[0] == '*' && !hasMeta(rest) {
			r.kind, r.lit = kindSuffix, rest
			return true
		}
		if head := pattern[:len(pattern)-1]; pattern[len(pattern)-1] == '*' && !hasMeta(head) {
			r.kind, r.lit = kindPrefix, head
			return true
		}
	}
	r.kind = kindGlob
	if r.anchored && strings.HasSuffix(pattern, "/**") && !strings.HasSuffix(pattern, `\/**`) {
		// git's "dir/**" matches what is inside dir, not dir itself.
		r.kind, pattern = kindInside, strings.TrimSuffix(pattern, "/**")
	}
	glob, ok := translate(pattern)
	if !ok || !doublestar.ValidatePattern(glob) {
		return false
	}
	r.glob = glob
	return true
}

// match reports whether the rule's pattern matches subject (the name or
// the relative path, as the rule is anchored or not).
func (r *rule) match(subject string) bool {
	switch r.kind {
	case kindLiteral:
		return subject == r.lit
	case kindSuffix:
		return strings.HasSuffix(subject, r.lit)
	case kindPrefix:
		return strings.HasPrefix(subject, r.lit)
	case kindGlob:
		return doublestar.MatchUnvalidated(r.glob, subject)
	}
	for i := 0; i < len(subject); i++ {
		if subject[i] == '/' && doublestar.MatchUnvalidated(r.glob, subject[:i]) {
			return true
		}
	}
	return false
}

// hasMeta reports whether s holds a wildcard or an escape.
func hasMeta(s string) bool { return strings.ContainsAny(s, `*?[\`) }

// trimTrailingSpaces drops the spaces that end line unless a backslash
// escapes them, as git does.
func trimTrailingSpaces(line string) string {
	end := len(line)
	for end > 0 && line[end-1] == ' ' {
		end--
	}
	if end < len(line) && end > 0 && line[end-1] == '\\' && !escaped(line, end-1) {
		end++ // "\ " keeps its space
	}
	return line[:end]
}

// escaped reports whether the byte at i is itself escaped by an odd run
// of backslashes before it.
func escaped(s string, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && s[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}
