package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// node judges one AST node; Walk then visits its children, so commands
// inside substitutions, function bodies and compound commands are judged
// too.
func (an *analyzer) node(n syntax.Node, depth int) {
	switch n := n.(type) {
	case *syntax.Stmt:
		an.stmt(n)
	case *syntax.CallExpr:
		if len(n.Args) > 0 {
			an.cur = an.stdin[n]
			an.call(words(n.Args), depth)
			an.cur = stdinSource{}
		}
	case *syntax.Assign:
		an.risk("variable assignment")
		if n.Value != nil {
			if v := newWord(n.Value); v.lit {
				an.guardValue(v.text, depth)
			}
		}
	case *syntax.Redirect:
		an.redirect(n)
	case *syntax.CmdSubst:
		an.risk("command substitution")
	case *syntax.ProcSubst:
		an.risk("process substitution")
	case *syntax.FuncDecl:
		an.risk("function definition")
	case *syntax.TestDecl:
		an.risk("function definition")
	case *syntax.TestClause:
		an.testClause(n)
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

// guardValue refuses a line that stores a refused command in a variable
// (PAGER='sudo x' git log, GIT_SSH_COMMAND="sudo …"): the value is judged
// as a script by the guardrail only; it adds no commands.
func (an *analyzer) guardValue(value string, depth int) {
	if value == "" {
		return
	}
	var sub Analysis
	inner := &analyzer{out: &sub, stdin: map[*syntax.CallExpr]stdinSource{}}
	inner.script(value, depth+1)
	if sub.Refusal != "" {
		an.refuse(sub.Refusal)
	}
}

// stmt notes where the statement's command reads its input from, for
// shells that would read their script from it.
func (an *analyzer) stmt(s *syntax.Stmt) {
	call, ok := s.Cmd.(*syntax.CallExpr)
	if !ok {
		return
	}
	var src stdinSource
	for _, r := range s.Redirs {
		if r.N != nil && r.N.Value != "0" {
			continue
		}
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			src = stdinSource{}
			if r.Hdoc != nil {
				w := newWord(r.Hdoc)
				src = stdinSource{heredoc: w.text, literal: w.lit}
			}
		case syntax.WordHdoc:
			w := newWord(r.Word)
			src = stdinSource{heredoc: w.text + "\n", literal: w.lit}
		case syntax.RdrIn, syntax.RdrInOut:
			// A file on disk, unless the word is computed (<(cmd)).
			src = stdinSource{fromFile: newWord(r.Word).lit}
		}
	}
	an.stdin[call] = src
}

// testClause refuses [[ … ]] tests that evaluate arithmetic on words with
// array subscripts ([[ 'a[$(cmd)]' -eq 1 ]] runs cmd) and -v tests.
func (an *analyzer) testClause(t *syntax.TestClause) {
	syntax.Walk(t.X, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.BinaryTest:
			switch n.Op {
			case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
				if subscript(n.X) || subscript(n.Y) {
					an.risk("arithmetic on an array subscript")
				}
			}
		case *syntax.UnaryTest:
			if n.Op == syntax.TsVarSet || n.Op == syntax.TsRefVar {
				an.risk("arithmetic on an array subscript")
			}
		}
		return true
	})
}

// subscript reports whether a test operand may name an array element.
func subscript(e syntax.TestExpr) bool {
	w, ok := e.(*syntax.Word)
	if !ok {
		return true
	}
	v := newWord(w)
	return !v.lit || strings.ContainsAny(v.text, "[]")
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
