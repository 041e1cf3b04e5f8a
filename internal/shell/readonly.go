package shell

import "strings"

// program is the read-only allowlist of one program: the options and
// operands with which it only reads. Anything else — an option missing
// from opts, an abbreviated long option, a value check that fails — makes
// the command not read-only, so it asks.
type program struct {
	// opts is the option table (see options.go).
	opts string
	// goFlags parses the arguments like Go's flag package instead of
	// getopt_long.
	goFlags bool
	// text marks programs whose arguments are never file names (echo,
	// basename): they are not judged as paths.
	text bool
	// notPaths lists options whose values are patterns or separators,
	// never opened as files (grep -e, cut -d): they are not judged as
	// paths, so `cut -d/ -f2` stays read-only.
	notPaths string
	// pattern marks programs whose first operand is a pattern, filter or
	// script (grep PATTERN FILE…) unless one of patternOpts supplied it.
	pattern     bool
	patternOpts string
	// check, when set, judges the parsed options and operands further.
	check func(p parsed) bool
	// judge, when set, replaces option parsing for programs with their own
	// syntax (find, sed, git, ps, test). It may drop words that are not
	// paths from need.words.
	judge func(args []string, need *fsNeed) bool
}

// fsNeed is what the filesystem must confirm before a command that passed
// its table counts as read-only: its words name nothing outside the
// project, from every directory the line may run it in.
type fsNeed struct {
	// words are judged as paths.
	words []word
	// chdir lists directories the program moves into before it reads
	// (git -C a -C b), each relative to the one before.
	chdir []string
	// cd is the target of `cd DIR`: a possible working directory of later
	// commands.
	cd string
	// git is set for git: the configuration of the repository it uses
	// must not run programs (see gitconfig.go).
	git bool
	// gitDir is git's --git-dir, when given.
	gitDir string
}

// readOnly reports whether a simple command (wrappers already removed)
// only reads, as far as its words tell: every word is a plain literal, the
// name is a bare command name (not ./x), the program's table accepts the
// arguments, and no argument judged as a path names a place outside the
// project in writing. The returned need lists what the filesystem must
// still confirm.
func readOnly(ws []word) (bool, *fsNeed) {
	if !allLiteral(ws) || ws[0].glob || strings.ContainsRune(ws[0].text, '/') {
		return false, nil
	}
	args := texts(ws[1:])
	prog, ok := programFor(ws[0].text)
	if !ok {
		return false, nil
	}
	need := &fsNeed{words: ws[1:]}
	if prog.text {
		need.words = nil
	}
	if !judge(prog, args, need) {
		return false, nil
	}
	for _, w := range need.words {
		if escapesProject(w.text) {
			return false, nil
		}
	}
	return true, need
}

// judge applies a program's table to its arguments and narrows
// need.words to the words read as paths: not pattern operands and
// notPaths values, but values attached to short options (-fFILE).
func judge(prog program, args []string, need *fsNeed) bool {
	if prog.judge != nil {
		return prog.judge(args, need)
	}
	parse := parseGNU
	if prog.goFlags {
		parse = parseGoFlags
	}
	p, ok := parse(prog.opts, args)
	if !ok || (prog.check != nil && !prog.check(p)) {
		return false
	}
	if need.words == nil {
		return true
	}
	var skip []int
	var values []word
	for _, o := range p.opts {
		switch {
		case !o.hasValue:
		case fieldIn(prog.notPaths, o.name):
			skip = append(skip, o.at)
		default:
			values = append(values, attachedValues(parsed{opts: []option{o}}, args)...)
		}
	}
	if prog.pattern && len(p.operandAt) > 0 && !p.has(fieldsOf(prog.patternOpts)...) {
		skip = append(skip, p.operandAt[0])
	}
	need.words = append(dropAt(need.words, skip), values...)
	return true
}

// dropAt returns ws without the words at the given indices.
func dropAt(ws []word, idx []int) []word {
	if len(idx) == 0 {
		return ws
	}
	out := make([]word, 0, len(ws))
	for i, w := range ws {
		drop := false
		for _, j := range idx {
			drop = drop || i == j
		}
		if !drop {
			out = append(out, w)
		}
	}
	return out
}

// fieldsOf splits a space-separated list.
func fieldsOf(list string) []string { return strings.Fields(list) }

// operandsAtMost returns a check that accepts at most n operands.
func operandsAtMost(n int) func(p parsed) bool {
	return func(p parsed) bool { return len(p.operands) <= n }
}

// noOperands accepts commands without operands.
func noOperands(p parsed) bool { return len(p.operands) == 0 }
