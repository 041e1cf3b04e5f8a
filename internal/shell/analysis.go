package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxDepth bounds nested scripts (bash -c inside eval inside …).
const maxDepth = 8

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
}

// String joins the words with single spaces, single-quoting literal words
// that contain blanks or shell syntax so word boundaries stay visible.
// Permission rules such as bash(go test*) are matched against it.
func (c Command) String() string { return strings.Join(c.quoted, " ") }

// ReadOnly reports whether the whole line may run without asking: it was
// parsed, has no risks, no refusal, and every command is read-only.
func (a Analysis) ReadOnly() bool {
	if a.Refusal != "" || len(a.Risks) > 0 || len(a.Commands) == 0 {
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
// grants these.
func (a Analysis) Prefixes() []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range a.Commands {
		if c.ReadOnly {
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

// Analyze parses a bash command line and judges every command in it.
// It never fails: a line that cannot be parsed gets a risk.
func Analyze(line string) Analysis {
	var a Analysis
	an := &analyzer{out: &a}
	an.script(line, 0)
	return a
}

// analyzer accumulates an Analysis while walking one or more nested
// scripts.
type analyzer struct {
	out *Analysis
	// taint is positive while judging commands that a wrapper runs with
	// arguments from stdin or in another directory: none is read-only.
	taint int
}

func (an *analyzer) risk(reason string) {
	for _, r := range an.out.Risks {
		if r == reason {
			return
		}
	}
	an.out.Risks = append(an.out.Risks, reason)
}

func (an *analyzer) refuse(reason string) {
	if an.out.Refusal == "" {
		an.out.Refusal = reason
	}
}

func (an *analyzer) add(ws []word, readOnly bool) {
	quoted := make([]string, len(ws))
	for i, w := range ws {
		quoted[i] = quoteWord(w)
	}
	an.out.Commands = append(an.out.Commands, Command{
		Args:     texts(ws),
		Literal:  allLiteral(ws),
		ReadOnly: readOnly && an.taint == 0,
		quoted:   quoted,
	})
}

// script parses src and walks it; depth counts nested scripts.
func (an *analyzer) script(src string, depth int) {
	if depth > maxDepth {
		an.risk("scripts nested too deeply")
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

// node judges one AST node; Walk then visits its children, so commands
// inside substitutions, function bodies and compound commands are judged
// too.
func (an *analyzer) node(n syntax.Node, depth int) {
	switch n := n.(type) {
	case *syntax.CallExpr:
		if len(n.Args) > 0 {
			an.call(words(n.Args), depth)
		}
	case *syntax.Assign:
		an.risk("variable assignment")
	case *syntax.Redirect:
		an.redirect(n)
	case *syntax.CmdSubst:
		an.risk("command substitution")
	case *syntax.ProcSubst:
		an.risk("process substitution")
	case *syntax.FuncDecl, *syntax.TestDecl:
		an.risk("function definition")
	case *syntax.DeclClause, *syntax.LetClause, *syntax.ArithmCmd, *syntax.CStyleLoop:
		an.risk("variable assignment")
	case *syntax.BinaryArithm:
		if assignsArithm(n.Op) {
			an.risk("variable assignment")
		}
	case *syntax.UnaryArithm:
		if n.Op == syntax.Inc || n.Op == syntax.Dec {
			an.risk("variable assignment")
		}
	case *syntax.ParamExp:
		an.paramExp(n)
	case *syntax.WordIter:
		if n.Name != nil && strings.ToLower(n.Name.Value) != n.Name.Value {
			an.risk("loop variable with an upper-case name")
		}
	case *syntax.CoprocClause:
		an.risk("coprocess")
	}
}

func words(args []*syntax.Word) []word {
	out := make([]word, len(args))
	for i, w := range args {
		out[i] = newWord(w)
	}
	return out
}

// paramExp flags expansions that assign, evaluate prompts (${x@P}) or
// follow indirections.
func (an *analyzer) paramExp(p *syntax.ParamExp) {
	if p.Excl || p.NestedParam != nil {
		an.risk("indirect expansion")
	}
	if p.Exp == nil {
		return
	}
	switch p.Exp.Op {
	case syntax.AssignUnset, syntax.AssignUnsetOrNull:
		an.risk("variable assignment")
	case syntax.OtherParamOps:
		an.risk("expansion operator ${…@…}")
	}
}

func assignsArithm(op syntax.BinAritOperator) bool {
	switch op {
	case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn,
		syntax.QuoAssgn, syntax.RemAssgn, syntax.AndAssgn, syntax.OrAssgn,
		syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn, syntax.AndBoolAssgn,
		syntax.OrBoolAssgn, syntax.XorBoolAssgn, syntax.PowAssgn:
		return true
	}
	return false
}
