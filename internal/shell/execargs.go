package shell

import "strings"

// xargs unwraps xargs [options] command: the command gets arguments from
// stdin, so it is never read-only; words holding the -I replacement
// string are not known before it runs.
func (an *analyzer) xargs(ws []word) unwrapped {
	const opts = `-0 --null -a= --arg-file= -d= --delimiter= -E= -e? --eof? -I= -i? --replace?
		-L= -l? --max-lines? -n= --max-args= -o --open-tty -p --interactive -P= --max-procs=
		--process-slot-var= -r --no-run-if-empty -s= --max-chars= --show-limits -t --verbose
		-x --exit --help --version`
	p, ok := parseOpts(opts, texts(ws[1:]), true)
	if !ok {
		an.unchecked("cannot tell which command `xargs` runs")
		an.addDynamic(ws)
		return unwrapped{done: true}
	}
	i := len(ws) - len(p.operands)
	if i >= len(ws) {
		an.add(ws, false, nil)
		return unwrapped{done: true}
	}
	inner := ws[i:]
	if repl := xargsReplace(p); repl != "" {
		inner = replaced(inner, repl)
	}
	return unwrapped{inner: inner, tainted: true}
}

// xargsReplace returns the replacement string of -I, -i or --replace.
func xargsReplace(p parsed) string {
	for _, o := range p.opts {
		switch o.name {
		case "-I":
			return o.value
		case "-i", "--replace":
			if o.hasValue {
				return o.value
			}
			return "{}"
		}
	}
	return ""
}

// replaced marks the words containing repl as not literal: their value
// comes from the input.
func replaced(ws []word, repl string) []word {
	out := make([]word, len(ws))
	for i, w := range ws {
		out[i] = w
		if strings.Contains(w.text, repl) {
			out[i] = word{text: w.text}
		}
	}
	return out
}

// execArgs records a command that runs other commands from its arguments
// (find -exec CMD … ;, fd -x CMD …) and analyses each of them, with {}
// standing for names not known in advance. find … -delete is also
// matched by deny rules as rm -r -f.
func (an *analyzer) execArgs(ws []word, depth int, flags ...string) unwrapped {
	ok, need := readOnly(ws)
	c := an.add(ws, ok, need)
	if programName(ws[0]) == "find" && hasWord(ws, "-delete") {
		c.also = append(c.also, []word{{text: "rm", lit: true}, {text: "-r", lit: true}, {text: "-f", lit: true}, {text: "{}"}})
	}
	for i := 1; i < len(ws); i++ {
		if !fieldIn(strings.Join(flags, " "), ws[i].text) {
			continue
		}
		end := i + 1
		for end < len(ws) && ws[end].text != ";" && ws[end].text != "+" {
			end++
		}
		if end > i+1 {
			an.call(replaced(ws[i+1:end], "{"), depth)
		}
		i = end
	}
	return unwrapped{done: true}
}

// hasWord reports whether some word's text is s.
func hasWord(ws []word, s string) bool {
	for _, w := range ws {
		if w.text == s {
			return true
		}
	}
	return false
}
