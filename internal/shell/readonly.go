package shell

import "strings"

// readOnly reports whether a simple command (wrappers already removed)
// only reads files inside the project: every word is a plain literal, the
// name is a bare command name (not ./x), no argument escapes the project,
// and the command is known to read only with these arguments.
func readOnly(ws []word) bool {
	if !allLiteral(ws) {
		return false
	}
	args := texts(ws)
	if strings.ContainsRune(args[0], '/') {
		return false
	}
	for _, a := range args[1:] {
		if escapesProject(a) {
			return false
		}
	}
	check := readOnlyCheck(args[0])
	return check != nil && check(args[1:])
}

// readOnlyCheck returns the check that decides whether the named command
// is read-only with given arguments, or nil when it never is.
func readOnlyCheck(name string) func(args []string) bool {
	switch name {
	case "ls", "cat", "head", "tail", "wc", "pwd", "echo", "true", "false",
		"test", "[", "stat", "file", "which", "whereis", "type", "basename",
		"dirname", "realpath", "readlink", "du", "df", "uname", "whoami", "id",
		"printenv", "diff", "cmp", "comm", "cut", "tr", "nl", "od", "hexdump",
		"md5sum", "sha1sum", "sha256sum", "sha512sum", "cksum", "b2sum",
		"grep", "egrep", "fgrep", "jq", "fold", "fmt", "column", "expand",
		"unexpand", "paste", "rev", "tac", "strings", "seq", "nproc", "free",
		"uptime", "ps", "sleep", "tree", "rg", "sort", "printf", "date",
		"hostname", "env", "cd", "uniq", "command":
		return simpleCheck(name)
	case "sed":
		return sedReadOnly
	case "find":
		return findReadOnly
	case "fd", "fdfind":
		return fdReadOnly
	case "git":
		return gitReadOnly
	case "go":
		return goReadOnly
	}
	return nil
}

// simpleCheck returns the argument check of a command from the plain
// read-only list; most accept any arguments.
func simpleCheck(name string) func(args []string) bool {
	switch name {
	case "tree":
		return rejects("-o", "--output", "-R")
	case "file":
		return rejects("-C", "--compile")
	case "rg":
		return func(args []string) bool { return !anyPrefix(args, "--pre", "--hostname-bin") }
	case "sort":
		return func(args []string) bool {
			return !anyPrefix(args, "--output", "--compress-program") && !shortFlag(args, 'o')
		}
	case "printf":
		return func(args []string) bool { return !shortFlag(args, 'v') }
	case "date":
		return func(args []string) bool {
			return !anyPrefix(args, "--set") && !shortFlag(args, 's') && len(operandsOf(args, "+")) == 0
		}
	case "hostname", "env":
		return func(args []string) bool { return len(args) == 0 }
	case "cd":
		return func(args []string) bool {
			return len(args) == 1 && !strings.HasPrefix(args[0], "-")
		}
	case "uniq":
		return func(args []string) bool { return len(operandsOf(args)) <= 1 }
	case "command":
		return func(args []string) bool {
			return len(args) > 0 && (args[0] == "-v" || args[0] == "-V")
		}
	}
	return func([]string) bool { return true }
}

// rejects returns a check that fails when any argument is one of flags.
func rejects(flags ...string) func(args []string) bool {
	return func(args []string) bool {
		for _, a := range args {
			for _, f := range flags {
				if a == f || strings.HasPrefix(a, f+"=") {
					return false
				}
			}
		}
		return true
	}
}

// anyPrefix reports whether some argument starts with one of prefixes.
func anyPrefix(args []string, prefixes ...string) bool {
	for _, a := range args {
		for _, p := range prefixes {
			if strings.HasPrefix(a, p) {
				return true
			}
		}
	}
	return false
}

// shortFlag reports whether some cluster of short options (-abc) contains
// the letter c.
func shortFlag(args []string, c rune) bool {
	for _, a := range args {
		if len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsRune(a[1:], c) {
			return true
		}
	}
	return false
}

// operandsOf returns the arguments that are not options (and do not start
// with one of the allowed prefixes).
func operandsOf(args []string, allowed ...string) []string {
	var out []string
	for _, a := range args {
		if strings.HasPrefix(a, "-") && a != "-" {
			continue
		}
		if anyPrefix([]string{a}, allowed...) {
			continue
		}
		out = append(out, a)
	}
	return out
}
