package shell

import (
	"slices"
	"strings"
)

// unwrapped is what a wrapper command runs.
type unwrapped struct {
	// inner is the wrapped command; nil when the command is not a
	// wrapper (or wraps nothing), so it is judged as itself.
	inner []word
	// done means the analyzer already judged everything the command
	// runs (a script was walked, find -exec was split).
	done bool
	// tainted means the inner command is never read-only: it receives
	// arguments from stdin or runs in another directory.
	tainted bool
}

// unwrap peels one wrapper off ws.
func (an *analyzer) unwrap(ws []word, depth int) unwrapped {
	switch baseName(ws[0].text) {
	case "env":
		return an.env(ws, depth)
	case "time":
		if hasAny(ws[1:], "-o", "--output") {
			an.risk("redirection to a file")
		}
	case "bash", "sh", "zsh", "dash", "ksh", "mksh", "ash":
		return an.shellC(ws, depth)
	case "eval":
		return an.scriptOf(ws[1:], depth)
	case "watch":
		return an.scriptOf(ws[afterOptions(ws, "-n", "--interval"):], depth)
	case "trap":
		an.add(ws, false)
		if i := afterOptions(ws); i < len(ws) {
			an.scriptOf(at(ws, i), depth)
		}
		return unwrapped{done: true}
	case "flock":
		return an.flock(ws, depth)
	case "find":
		return an.execArgs(ws, depth, readOnly(ws), "-exec", "-execdir", "-ok", "-okdir")
	case "fd", "fdfind":
		return an.execArgs(ws, depth, readOnly(ws), "-x", "--exec", "-X", "--exec-batch")
	}
	return transparent(ws)
}

// transparent unwraps commands that run their operands as a command with
// changed limits or priority, or none when ws is not such a wrapper.
func transparent(ws []word) unwrapped {
	switch baseName(ws[0].text) {
	case "command":
		if hasAny(ws[1:], "-v", "-V", "-pv", "-pV") {
			return unwrapped{}
		}
		return operands(ws, afterOptions(ws))
	case "builtin", "nohup", "setsid", "chronic", "unbuffer":
		return operands(ws, afterOptions(ws))
	case "exec":
		return operands(ws, afterOptions(ws, "-a"))
	case "nice":
		return operands(ws, afterOptions(ws, "-n", "--adjustment"))
	case "stdbuf":
		return operands(ws, afterOptions(ws, "-i", "-o", "-e", "--input", "--output", "--error"))
	case "ionice":
		return operands(ws, afterOptions(ws, "-c", "-n", "--class", "--classdata"))
	case "timeout", "taskset", "chrt":
		// One operand (duration, mask or priority) precedes the command.
		return operands(ws, afterOptions(ws, "-s", "--signal", "-k", "--kill-after")+1)
	case "time":
		return operands(ws, afterOptions(ws, "-f", "--format", "-o", "--output"))
	case "busybox":
		return operands(ws, 1)
	case "xargs":
		u := operands(ws, afterOptions(ws, "-a", "--arg-file", "-d", "--delimiter",
			"-E", "-I", "-L", "-n", "--max-args", "-P", "--max-procs", "-s", "--max-chars"))
		u.tainted = true
		return u
	}
	return unwrapped{}
}

// operands returns ws[i:] as the wrapped command, or no command when
// nothing is left.
func operands(ws []word, i int) unwrapped {
	if i >= len(ws) {
		return unwrapped{}
	}
	return unwrapped{inner: ws[i:]}
}

// afterOptions returns the index of the first operand after ws[0],
// skipping flags; the options in takesValue consume the next word too.
// "--" ends the options.
func afterOptions(ws []word, takesValue ...string) int {
	i := 1
	for i < len(ws) {
		t := ws[i].text
		switch {
		case t == "--":
			return i + 1
		case len(t) < 2 || t[0] != '-':
			return i
		case slices.Contains(takesValue, t):
			i += 2
		default:
			i++
		}
	}
	return min(i, len(ws))
}

func hasAny(ws []word, flags ...string) bool {
	for _, w := range ws {
		if slices.Contains(flags, w.text) {
			return true
		}
	}
	return false
}

// env unwraps env [options] [NAME=VALUE…] command.
func (an *analyzer) env(ws []word, depth int) unwrapped {
	tainted := false
	i := 1
	for ; i < len(ws); i++ {
		t := ws[i].text
		if t == "--" {
			i++
			break
		}
		if len(t) < 2 || t[0] != '-' {
			break
		}
		switch {
		case t == "-S" || t == "--split-string":
			return an.scriptOf(ws[i+1:], depth)
		case strings.HasPrefix(t, "-S"):
			return an.scriptOf(append([]word{{text: t[2:], lit: ws[i].lit}}, ws[i+1:]...), depth)
		case strings.HasPrefix(t, "--split-string="):
			v := strings.TrimPrefix(t, "--split-string=")
			return an.scriptOf(append([]word{{text: v, lit: ws[i].lit}}, ws[i+1:]...), depth)
		case t == "-u" || t == "--unset":
			i++
		case t == "-C" || t == "--chdir":
			i++
			tainted = true
		case strings.HasPrefix(t, "--chdir="):
			tainted = true
		}
	}
	for ; i < len(ws) && isAssignment(ws[i].text); i++ {
		an.risk("variable assignment")
	}
	u := operands(ws, i)
	u.tainted = tainted
	return u
}

// isAssignment reports whether s has the form NAME=VALUE.
func isAssignment(s string) bool {
	eq := strings.IndexByte(s, '=')
	if eq <= 0 {
		return false
	}
	for i, c := range s[:eq] {
		letter := c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}
