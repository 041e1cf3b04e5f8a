package shell

import "strings"

// shellC analyses `bash [options] -c SCRIPT …`. A shell without -c runs a
// script file or stdin and is judged as an ordinary command.
func (an *analyzer) shellC(ws []word, depth int) unwrapped {
	hasC := false
	for i := 1; i < len(ws); i++ {
		t := ws[i].text
		switch {
		case t == "--" || t == "-":
			if hasC {
				return an.scriptOf(at(ws, i+1), depth)
			}
			return unwrapped{}
		case t == "-o" || t == "+o" || t == "-O" || t == "+O" || t == "--rcfile" || t == "--init-file":
			i++
		case strings.HasPrefix(t, "--"):
		case strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+"):
			hasC = hasC || (t[0] == '-' && strings.ContainsRune(t[1:], 'c'))
		case hasC:
			return an.scriptOf(at(ws, i), depth)
		default:
			return unwrapped{}
		}
	}
	if hasC {
		an.risk("shell -c without a script")
		return unwrapped{done: true}
	}
	return unwrapped{}
}

// scriptOf analyses the words, joined by spaces, as a nested script (eval,
// watch, env -S, bash -c). A script that is not a plain literal cannot be
// judged and is a risk.
func (an *analyzer) scriptOf(ws []word, depth int) unwrapped {
	if !allLiteral(ws) {
		an.risk("script that is not a plain string")
		return unwrapped{done: true}
	}
	an.script(strings.Join(texts(ws), " "), depth+1)
	return unwrapped{done: true}
}

// flock unwraps `flock [options] FILE command…` and `flock FILE -c SCRIPT`.
func (an *analyzer) flock(ws []word, depth int) unwrapped {
	i := afterOptions(ws, "-w", "--wait", "--timeout", "-E", "--conflict-exit-code") + 1
	if i < len(ws) && (ws[i].text == "-c" || ws[i].text == "--command") {
		return an.scriptOf(at(ws, i+1), depth)
	}
	return operands(ws, i)
}

// execArgs records a command that runs other commands from its arguments
// (find -exec CMD … ;, fd -x CMD …) and analyses each of them.
func (an *analyzer) execArgs(ws []word, depth int, readOnly bool, flags ...string) unwrapped {
	an.add(ws, readOnly)
	for i := 1; i < len(ws); i++ {
		if !hasAny(ws[i:i+1], flags...) {
			continue
		}
		end := i + 1
		for end < len(ws) && ws[end].text != ";" && ws[end].text != "+" {
			end++
		}
		if end > i+1 {
			an.call(ws[i+1:end], depth)
		}
		i = end
	}
	return unwrapped{done: true}
}

// at returns the word at i as a one-element slice, or nil when i is out of
// range.
func at(ws []word, i int) []word {
	if i < 0 || i >= len(ws) {
		return nil
	}
	return ws[i : i+1]
}
