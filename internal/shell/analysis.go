package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxDepth bounds nested scripts (bash -c inside eval inside …).
const maxDepth = 8

// Where is the filesystem a line is judged against.
type Where struct {
	// Project is the project directory. Without one, no command is
	// read-only.
	Project string
	// Dir is the directory the line starts in ("" for Project). A Dir
	// outside the project makes no command read-only.
	Dir string
}

// Analysis is what Analyze found in a command line.
type Analysis struct {
	// Commands lists every simple command that would run, in source
	// order, with transparent wrappers (env, nice, timeout, …) removed
	// and the scripts of bash -c and eval analysed in place.
	Commands []Command
	// Risks lists structural reasons the line cannot be judged from its
	// commands alone: a parse error, a redirection to a file, a command
	// or process substitution, an assignment, a function definition, a
	// command name that is not a plain word. A line with risks is never
	// read-only and never matches an allow rule or a session grant.
	Risks []string
	// Unchecked lists why the line runs commands Hone cannot know before
	// they run: a program name or script computed at run time (`$x`,
	// `eval "$s"`), a shell reading commands from a pipe (`curl … | sh`).
	// The guardrails cannot look at such commands, so only a person may
	// allow the line: not yolo, allow rules or grants. Every bash deny
	// rule matches it.
	Unchecked []string
	// Refusal is the guardrail's reason when some command must not run at
	// all (privilege escalation, system package installs); "" otherwise.
	Refusal string
}

// Command is one simple command of a line.
type Command struct {
	// Args are the command's words after quote removal; a word that is
	// not a plain literal keeps its source text.
	Args []string
	// Literal reports whether every word is a plain literal.
	Literal bool
	// ReadOnly reports whether the command on its own only reads files
	// inside the project.
	ReadOnly bool
	// quoted holds the words as String renders them.
	quoted []string
	// words are the parsed words, for deny-rule matching.
	words []word
	// dynamic is set when the program that runs is not known.
	dynamic bool
	// also lists equivalent commands deny rules are matched against too
	// (find … -delete is also rm -r -f …).
	also [][]word
	// need is what the filesystem must confirm for ReadOnly.
	need *fsNeed
}

// String joins the words with single spaces, single-quoting literal words
// that contain blanks or shell syntax so word boundaries stay visible.
// Permission rules such as bash(go test*) are matched against it.
func (c Command) String() string { return strings.Join(c.quoted, " ") }

// ReadOnly reports whether the whole line may run without asking: it was
// parsed, has no risks, no refusal, nothing unchecked, and every command
// is read-only.
func (a Analysis) ReadOnly() bool {
	if a.Refusal != "" || len(a.Risks) > 0 || len(a.Unchecked) > 0 || len(a.Commands) == 0 {
		return false
	}
	for _, c := range a.Commands {
		if !c.ReadOnly {
			return false
		}
	}
	return true
}

// Prefixes returns the normalized prefixes (see Prefix) of the commands
// that are not read-only, without duplicates. An allow-for-session answer
// grants these. Commands whose program is not known grant nothing.
func (a Analysis) Prefixes() []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range a.Commands {
		if c.ReadOnly || c.dynamic {
			continue
		}
		p := Prefix(c)
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// Analyze parses a bash command line and judges every command in it
// against the filesystem described by w. It never fails: a line that
// cannot be parsed gets a risk.
func Analyze(line string, w Where) Analysis {
	var a Analysis
	an := &analyzer{out: &a, stdin: map[*syntax.CallExpr]stdinSource{}}
	an.script(line, 0)
	confirm(&a, w, an.inputs)
	return a
}

// stdinSource is where a command's standard input comes from, as far as
// the statement shows.
type stdinSource struct {
	// heredoc is the literal body of a here-document or here-string.
	heredoc  string
	literal  bool
	fromFile bool
}

// analyzer accumulates an Analysis while walking one or more nested
// scripts.
type analyzer struct {
	out *Analysis
	// taint is positive while judging commands that a wrapper runs with
	// arguments from stdin or in another directory: none is read-only.
	taint int
	// stdin records the input of each command with a redirection.
	stdin map[*syntax.CallExpr]stdinSource
	// cur is the input of the command being judged.
	cur stdinSource
	// inputs are the files read by input redirections (cat < f): they
	// are judged as paths of the line.
	inputs []word
}

func (an *analyzer) risk(reason string) {
	an.out.Risks = appendOnce(an.out.Risks, reason)
}

// unchecked records that part of the line runs something Hone cannot
// know in advance; it is also a risk.
func (an *analyzer) unchecked(reason string) {
	an.out.Unchecked = appendOnce(an.out.Unchecked, reason)
	an.risk(reason)
}

func appendOnce(list []string, s string) []string {
	for _, r := range list {
		if r == s {
			return list
		}
	}
	return append(list, s)
}

func (an *analyzer) refuse(reason string) {
	if an.out.Refusal == "" {
		an.out.Refusal = reason
	}
}

// add records a command.
func (an *analyzer) add(ws []word, readOnly bool, need *fsNeed) *Command {
	quoted := make([]string, len(ws))
	for i, w := range ws {
		quoted[i] = quoteWord(w)
	}
	an.out.Commands = append(an.out.Commands, Command{
		Args:     texts(ws),
		Literal:  allLiteral(ws),
		ReadOnly: readOnly && an.taint == 0,
		quoted:   quoted,
		words:    ws,
		need:     need,
	})
	return &an.out.Commands[len(an.out.Commands)-1]
}

// addDynamic records a command whose program is not known.
func (an *analyzer) addDynamic(ws []word) {
	an.add(ws, false, nil).dynamic = true
}

// script parses src and walks it; depth counts nested scripts.
func (an *analyzer) script(src string, depth int) {
	if depth > maxDepth {
		an.unchecked("scripts nested too deeply")
		return
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil {
		an.risk("a parse error (" + err.Error() + ")")
		return
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		an.node(n, depth)
		return true
	})
}
