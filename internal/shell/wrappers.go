package shell

import "strings"

// unwrapped is what a wrapper command runs.
type unwrapped struct {
	// inner is the wrapped command; nil when the command is not a
	// wrapper (or wraps nothing), so it is judged as itself.
	inner []word
	// done means the analyzer already judged everything the command
	// runs (a script was walked, find -exec was split).
	done bool
	// tainted means the inner command is never read-only: it receives
	// arguments from stdin, runs in another directory, or is a busybox
	// applet whose options differ.
	tainted bool
}

// wrapper describes a command that runs the rest of its arguments as a
// command, changing only how it runs.
type wrapper struct {
	// opts are all the options the wrapper accepts (see options.go); an
	// unknown option hides where the wrapped command starts.
	opts string
	// acts lists options that make the wrapper do something itself
	// (write a file, act on other processes): the wrapper is then a
	// command of its own that is not read-only.
	acts string
	// lead is how many operands precede the command (timeout DURATION).
	lead int
	// tainted: see unwrapped.
	tainted bool
}

// wrapperFor returns the table of a transparent wrapper.
func wrapperFor(name string) (wrapper, bool) {
	switch name {
	case "nice":
		return wrapper{opts: `-n= --adjustment= -# --help --version`}, true
	case "nohup", "builtin":
		return wrapper{opts: `--help --version`}, true
	case "timeout":
		return wrapper{opts: `-s= --signal= -k= --kill-after= -v --verbose -p --preserve-status
			--foreground -f --help --version`, lead: 1}, true
	case "stdbuf":
		return wrapper{opts: `-i= -o= -e= --input= --output= --error= --help --version`}, true
	case "ionice":
		return wrapper{opts: `-c= --class= -n= --classdata= -t --ignore -p= --pid= -P= --pgid=
			-u= --uid= -h --help -V --version`, acts: `-p --pid -P --pgid -u --uid`}, true
	case "taskset":
		return wrapper{opts: `-a --all-tasks -c --cpu-list -p --pid -h --help -V --version`,
			acts: `-p --pid`, lead: 1}, true
	case "chrt":
		return wrapper{opts: `-a --all-tasks -b --batch -d --deadline -e --ext -f --fifo -i --idle
			-o --other -r --rr -R --reset-on-fork -p --pid -m --max -T= --sched-runtime=
			-P= --sched-period= -D= --sched-deadline= -v --verbose -h --help -V --version`,
			acts: `-p --pid -m --max`, lead: 1}, true
	case "time":
		// GNU time writes its report to a file with -o (-a appends).
		return wrapper{opts: `-f= --format= -p --portability -o= --output= -a --append -v --verbose
			-q --quiet --help -V --version`, acts: `-o --output -a --append`}, true
	case "command":
		return wrapper{opts: `-p`}, true
	case "exec":
		return wrapper{opts: `-a= -c -l`}, true
	case "setsid":
		return wrapper{opts: `-c --ctty -f --fork -w --wait -h --help -V --version`}, true
	case "chronic":
		return wrapper{opts: `-e -v`}, true
	case "unbuffer":
		return wrapper{opts: `-p`}, true
	case "busybox", "toybox":
		return wrapper{tainted: true}, true
	case "strace", "ltrace":
		// They write traces with -o; their many options are not all
		// known, so an unknown one makes the command unchecked.
		return wrapper{opts: `-f -ff -F -c -C -q -qq -r -t -tt -ttt -T -v -V -x -xx -y -yy -i -k -n
			-w -z -Z -s= -e= -o= -a= -E= -u= -S= -P= -X= -b= -D -DD -DDD`, acts: `-o -p`}, true
	}
	return wrapper{}, false
}

// unwrap peels one wrapper off ws.
func (an *analyzer) unwrap(ws []word, depth int) unwrapped {
	name := baseName(ws[0].text)
	switch name {
	case "env":
		return an.env(ws, depth)
	case "bash", "sh", "dash", "zsh", "ksh", "mksh", "ash", "fish", "tcsh", "csh":
		return an.shellC(ws, depth)
	case "eval":
		return an.scriptOf(ws, ws[1:], depth)
	case "source", ".":
		if len(ws) > 1 {
			return an.scriptFile(ws, ws[1], depth)
		}
	case "watch":
		return an.watch(ws, depth)
	case "trap":
		an.add(ws, false, nil)
		if i := afterOptions(ws); i < len(ws) {
			an.scriptOf(ws, at(ws, i), depth)
		}
		return unwrapped{done: true}
	case "flock":
		return an.flock(ws, depth)
	case "script":
		return an.scriptCmd(ws, depth)
	case "xargs":
		return an.xargs(ws)
	case "find":
		return an.execArgs(ws, depth, "-exec", "-execdir", "-ok", "-okdir")
	case "fd", "fdfind":
		return an.execArgs(ws, depth, "-x", "--exec", "-X", "--exec-batch")
	case "parallel":
		an.unchecked("`parallel` builds the commands it runs from its input")
		an.add(ws, false, nil)
		return unwrapped{done: true}
	case "git":
		an.gitScripts(ws, depth)
		return unwrapped{}
	case "command":
		if len(ws) > 1 && strings.HasPrefix(ws[1].text, "-") && strings.ContainsAny(ws[1].text, "vV") {
			return unwrapped{}
		}
	}
	if w, ok := wrapperFor(name); ok {
		return an.transparent(ws, w)
	}
	return unwrapped{}
}

// transparent unwraps a command described by a wrapper table.
func (an *analyzer) transparent(ws []word, w wrapper) unwrapped {
	if w.opts == "" && !w.tainted {
		return operands(ws, 1)
	}
	if w.tainted {
		u := operands(ws, 1)
		u.tainted = true
		return u
	}
	p, ok := parseOpts(w.opts, texts(ws[1:]), true)
	if !ok || !allLiteral(ws) && !literalUpTo(ws, len(ws)-len(p.operands)) {
		an.unchecked("cannot tell which command `" + baseName(ws[0].text) + "` runs")
		an.add(ws, false, nil)
		return unwrapped{done: true}
	}
	if w.acts != "" && p.has(fieldsOf(w.acts)...) {
		an.add(ws, false, nil)
	}
	return operands(ws, len(ws)-len(p.operands)+w.lead)
}

// literalUpTo reports whether the words before index n are literal.
func literalUpTo(ws []word, n int) bool { return allLiteral(ws[:min(n, len(ws))]) }

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
		case fieldIn(strings.Join(takesValue, " "), t):
			i += 2
		default:
			i++
		}
	}
	return min(i, len(ws))
}

// at returns the word at i as a one-element slice, or nil when i is out of
// range.
func at(ws []word, i int) []word {
	if i < 0 || i >= len(ws) {
		return nil
	}
	return ws[i : i+1]
}
