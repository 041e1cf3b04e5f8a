package shell

import (
	"path"
	"strings"
)

// escapesProject reports whether a command argument may name a file
// outside the project: an absolute path, a home directory (~), a ".."
// component, or a glob that can match "..". It looks inside option values
// (--file=/x, -f/x) and lists (a:b, {a,b}). It errs on the side of yes;
// the only cost is a prompt.
func escapesProject(arg string) bool {
	if arg == "-" || harmlessDevice(arg) {
		return false
	}
	for _, piece := range pieces(arg) {
		if harmlessDevice(piece) {
			continue
		}
		if strings.HasPrefix(piece, "/") || strings.HasPrefix(piece, "~") {
			return true
		}
		for _, seg := range strings.Split(piece, "/") {
			if seg == ".." || globMatchesParent(seg) {
				return true
			}
		}
	}
	return false
}

// pieces splits an argument into the parts that may each be a path: the
// whole argument, the value attached to a short option, and the fields
// between '=', ':', ',', '{' and '}'.
func pieces(arg string) []string {
	out := []string{arg}
	if strings.HasPrefix(arg, "-") && !strings.HasPrefix(arg, "--") {
		rest := strings.TrimLeft(arg[1:], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
		out = append(out, rest)
	}
	return append(out, strings.FieldsFunc(arg, func(r rune) bool {
		return strings.ContainsRune("=:,{}", r)
	})...)
}

// globMatchesParent reports whether a path segment written as a glob could
// match "..". Bash only matches a leading dot when the pattern starts with
// one.
func globMatchesParent(seg string) bool {
	if !strings.HasPrefix(seg, ".") || !strings.ContainsAny(seg, "*?[") {
		return false
	}
	ok, err := path.Match(seg, "..")
	return ok || err != nil
}
