package ignore

import "strings"

// posixClass is the bracket class name of git's wildmatch, spelled as
// ranges the wildcard matcher knows; false for an unknown name.
func posixClass(name string) (string, bool) {
	switch name {
	case "alnum":
		return "0-9A-Za-z", true
	case "alpha":
		return "A-Za-z", true
	case "blank":
		return " \t", true
	case "digit":
		return "0-9", true
	case "lower":
		return "a-z", true
	case "upper":
		return "A-Z", true
	case "xdigit":
		return "0-9A-Fa-f", true
	case "space":
		return " \t\n\r\f\v", true
	case "cntrl":
		return "\x00-\x1f\x7f", true
	case "print":
		return " -~", true
	case "graph":
		return "!-~", true
	case "punct":
		return `!-/:-@\[-` + "`{-~", true
	}
	return "", false
}

// translate rewrites a gitignore pattern into doublestar syntax: braces
// are literal in git, a "]" first in a bracket is literal, "[!...]" and
// "[^...]" negate, and "[:class:]" names a class. false when git would
// never match (an unclosed bracket, a trailing backslash, an unknown
// class).
func translate(p string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		switch c := p[i]; c {
		case '\\':
			if i+1 == len(p) {
				return "", false
			}
			b.WriteByte('\\')
			b.WriteByte(p[i+1])
			i++
		case '{', '}':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '[':
			n, ok := translateBracket(&b, p[i+1:])
			if !ok {
				return "", false
			}
			i += n
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// translateBracket writes the bracket expression that starts after a
// "[" at the start of p and returns how many bytes of p it used.
func translateBracket(b *strings.Builder, p string) (int, bool) {
	b.WriteByte('[')
	i := 0
	if i < len(p) && (p[i] == '!' || p[i] == '^') {
		b.WriteByte('!')
		i++
	}
	for first := true; i < len(p); first = false {
		c := p[i]
		switch {
		case c == ']' && !first:
			b.WriteByte(']')
			return i + 1, true
		case c == '\\' && i+1 < len(p):
			b.WriteByte('\\')
			b.WriteByte(p[i+1])
			i += 2
		case c == '[' && strings.HasPrefix(p[i:], "[:"):
			end := strings.Index(p[i+2:], ":]")
			if end < 0 {
				return 0, false
			}
			class, ok := posixClass(p[i+2 : i+2+end])
			if !ok {
				return 0, false
			}
			b.WriteString(class)
			i += end + 4
		case c == ']' || c == '[' || c == '{' || c == '}':
			b.WriteByte('\\')
			b.WriteByte(c)
			i++
		default:
			b.WriteByte(c)
			i++
		}
	}
	return 0, false
}
