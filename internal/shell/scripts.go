package shell

import "strings"

// shellOpts are the options of bash and sh that keep the shell itself
// read-only (the commands of its script are judged on their own). Not -i,
// -l/--login, --rcfile, --init-file (run startup files), -s (reads the
// script from stdin), -k.
const (
	shellOpts     = "-c -e -u -x -v -f -n -a -b -h -m -p -t -B -C -E -H -P -T --norc --noprofile --posix --noediting --restricted -r --verbose"
	shellSetOpts  = "errexit nounset pipefail xtrace noglob noclobber posix verbose allexport braceexpand hashall errtrace functrace noexec"
	shellShoptOps = "extglob globstar nullglob failglob dotglob nocaseglob nocasematch lastpipe"
)

// shellC analyses `bash [options] -c SCRIPT …`, a shell running a script
// file, and a shell reading its script from stdin.
func (an *analyzer) shellC(ws []word, depth int) unwrapped {
	i, hasC, readOnly := shellOptions(ws)
	switch {
	case hasC:
		if !readOnly {
			an.add(ws, false, nil)
		}
		if i >= len(ws) {
			an.unchecked("`" + baseName(ws[0].text) + " -c` gets its script from arguments added at run time")
			an.addDynamic(ws)
			return unwrapped{done: true}
		}
		return an.scriptOf(ws, ws[i:i+1], depth)
	case i < len(ws):
		return an.scriptFile(ws, ws[i], depth)
	}
	return an.stdinScript(ws, depth)
}

// scriptFile judges a shell (or source) running a script file: an
// ordinary command, unless the file is the input (/dev/stdin, /dev/fd/N)
// or computed (<(cmd), "$f"), which is a script read at run time.
func (an *analyzer) scriptFile(ws []word, file word, depth int) unwrapped {
	switch {
	case !file.lit || file.glob:
		an.unchecked("`" + baseName(ws[0].text) + "` runs a script file computed at run time")
		an.addDynamic(ws)
		return unwrapped{done: true}
	case file.text == "/dev/stdin" || strings.HasPrefix(file.text, "/dev/fd/") || strings.HasPrefix(file.text, "/proc/self/fd/"):
		return an.stdinScript(ws, depth)
	}
	return unwrapped{}
}

// shellOptions scans a shell's options. It returns the index of the first
// operand, whether -c was given, and whether every option keeps the shell
// itself read-only (bash, sh and dash only).
func shellOptions(ws []word) (int, bool, bool) {
	name := baseName(ws[0].text)
	readOnly := name == "bash" || name == "sh" || name == "dash"
	hasC := false
	i := 1
	for ; i < len(ws) && ws[i].lit; i++ {
		t := ws[i].text
		if t == "--" || t == "-" {
			return i + 1, hasC, readOnly
		}
		if len(t) < 2 || (t[0] != '-' && t[0] != '+') {
			break
		}
		if strings.HasPrefix(t, "--") {
			readOnly = readOnly && fieldIn(shellOpts, t)
			if t == "--rcfile" || t == "--init-file" {
				i++
			}
			continue
		}
		for _, c := range t[1:] {
			switch {
			case c == 'o' || c == 'O':
				i++
				set := shellSetOpts
				if c == 'O' {
					set = shellShoptOps
				}
				readOnly = readOnly && i < len(ws) && fieldIn(set, ws[i].text)
			case c == 'c' && t[0] == '-':
				hasC = true
			default:
				readOnly = readOnly && fieldIn(shellOpts, "-"+string(c))
			}
		}
	}
	return i, hasC, readOnly
}

// stdinScript judges a shell that reads its script from stdin: a literal
// here-document is analysed as the script; a pipe or anything else is
// unchecked (`curl … | sh`), a file is an ordinary command.
func (an *analyzer) stdinScript(ws []word, depth int) unwrapped {
	switch {
	case an.cur.fromFile:
		return unwrapped{}
	case an.cur.literal:
		an.add(ws, false, nil)
		an.script(an.cur.heredoc, depth+1)
		return unwrapped{done: true}
	}
	an.unchecked("`" + baseName(ws[0].text) + "` reads the commands it runs from its input")
	an.addDynamic(ws)
	return unwrapped{done: true}
}

// scriptOf analyses the words, joined by spaces, as a nested script (eval,
// watch, env -S, bash -c). A script that is not a plain literal cannot be
// judged: owner is recorded as a command whose program is not known.
func (an *analyzer) scriptOf(owner, ws []word, depth int) unwrapped {
	if !allLiteral(ws) {
		an.unchecked("`" + baseName(owner[0].text) + "` runs a script computed at run time")
		an.addDynamic(owner)
		return unwrapped{done: true}
	}
	if len(ws) > 0 {
		an.script(strings.Join(texts(ws), " "), depth+1)
	}
	return unwrapped{done: true}
}

// env unwraps env [options] [NAME=VALUE…] command.
func (an *analyzer) env(ws []word, depth int) unwrapped {
	const opts = `-i --ignore-environment -0 --null -u= --unset= -C= --chdir= -S= --split-string=
		-v --debug --block-signal? --default-signal? --ignore-signal? --list-signal-handling
		-a= --argv0= --help --version`
	p, ok := parseOpts(opts, texts(ws[1:]), true)
	if !ok {
		an.unchecked("cannot tell which command `env` runs")
		an.addDynamic(ws)
		return unwrapped{done: true}
	}
	i := len(ws) - len(p.operands)
	if s := p.values("-S", "--split-string"); len(s) > 0 {
		script := append([]word{{text: strings.Join(s, " "), lit: allLiteral(ws[:i])}}, ws[i:]...)
		return an.scriptOf(ws, script, depth)
	}
	if i < len(ws) && ws[i].text == "-" {
		i++
	}
	for ; i < len(ws) && ws[i].lit && isAssignment(ws[i].text); i++ {
		an.risk("variable assignment")
		_, value, _ := strings.Cut(ws[i].text, "=")
		an.guardValue(value, depth)
	}
	u := operands(ws, i)
	u.tainted = p.has("-C", "--chdir", "-a", "--argv0", "--block-signal", "--default-signal", "--ignore-signal")
	if u.inner == nil && len(ws) > 1 {
		an.add(ws, false, nil)
		return unwrapped{done: true}
	}
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

// watch unwraps watch: its operands, joined, are a script for sh -c, or
// with -x a command.
func (an *analyzer) watch(ws []word, depth int) unwrapped {
	const opts = `-n= --interval= -d? --differences? -t --no-title -b --beep -e --errexit
		-g --chgexit -c --color -C --no-color -x --exec -p --precise -w --no-wrap -q --equexit=
		-r --no-rerun -h --help -v --version`
	p, ok := parseOpts(opts, texts(ws[1:]), true)
	if !ok {
		an.unchecked("cannot tell which command `watch` runs")
		an.addDynamic(ws)
		return unwrapped{done: true}
	}
	i := len(ws) - len(p.operands)
	if p.has("-x", "--exec") {
		return operands(ws, i)
	}
	return an.scriptOf(ws, ws[i:], depth)
}

// flock unwraps `flock [options] FILE command…` and `flock FILE -c
// SCRIPT`. flock creates FILE, so it is a command of its own that is not
// read-only.
func (an *analyzer) flock(ws []word, depth int) unwrapped {
	const opts = `-s --shared -x -e --exclusive -u --unlock -n --nb --nonblock -w= --wait=
		--timeout= -o --close -E= --conflict-exit-code= -F --no-fork --verbose -c= --command=
		-h --help -V --version`
	an.add(ws, false, nil)
	p, ok := parseOpts(opts, texts(ws[1:]), true)
	if !ok {
		an.unchecked("cannot tell which command `flock` runs")
		an.out.Commands[len(an.out.Commands)-1].dynamic = true
		return unwrapped{done: true}
	}
	i := len(ws) - len(p.operands) + 1
	if s := p.values("-c", "--command"); len(s) > 0 {
		return an.scriptOf(ws, []word{{text: s[0], lit: allLiteral(ws)}}, depth)
	}
	if i < len(ws) && (ws[i].text == "-c" || ws[i].text == "--command") {
		return an.scriptOf(ws, at(ws, i+1), depth)
	}
	u := operands(ws, i)
	u.done = u.inner == nil
	return u
}

// scriptCmd unwraps util-linux script -c COMMAND (a script run by the
// shell); script writes a typescript file, so it is not read-only itself.
func (an *analyzer) scriptCmd(ws []word, depth int) unwrapped {
	an.add(ws, false, nil)
	const opts = `-a --append -c= --command= -e --return -f --flush -q --quiet -t? --timing?
		-T= --log-timing= -I= --log-in= -O= --log-out= -B= --log-io= -m= --logging-format=
		-E= --echo= --force -h --help -V --version`
	p, ok := parseGNU(opts, texts(ws[1:]))
	if !ok {
		an.unchecked("cannot tell which command `script` runs")
		return unwrapped{done: true}
	}
	if s := p.values("-c", "--command"); len(s) > 0 {
		return an.scriptOf(ws, []word{{text: s[0], lit: allLiteral(ws)}}, depth)
	}
	return unwrapped{done: true}
}
