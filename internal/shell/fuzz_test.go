package shell

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// FuzzClassify checks that Analyze never panics and never calls a line
// read-only when it writes through a redirection, substitutes a command,
// assigns a variable or runs a command known to write.
func FuzzClassify(f *testing.F) {
	for _, s := range []string{
		"ls -la", "git status", "ls\nrm x", "echo a > ~/.bashrc", "ls & rm x",
		"ls <(rm x)", "env rm x", "/usr/bin/sudo x", "bash -c 'sudo x'",
		"cat a | grep b > /dev/null", "find . -exec rm {} ;", "x=1; $x",
		"sed -n '1,5p' f", "echo ${a:=b}", "cd sub && ls", "eval 'ls; rm x'",
	} {
		f.Add(s)
	}
	w := project(f)
	f.Fuzz(func(t *testing.T, line string) {
		a := Analyze(line, w)
		if a.Refusal != "" && a.ReadOnly() {
			t.Fatalf("refused and read-only: %q", line)
		}
		if !a.ReadOnly() {
			return
		}
		file, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), "")
		if err != nil {
			t.Fatalf("read-only but does not parse: %q", line)
		}
		syntax.Walk(file, func(n syntax.Node) bool {
			if reason := writes(n); reason != "" {
				t.Fatalf("read-only but %s: %q", reason, line)
			}
			return true
		})
	})
}

// writes is the fuzz oracle, written independently of the analyzer.
func writes(n syntax.Node) string {
	switch n := n.(type) {
	case *syntax.Redirect:
		switch n.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.RdrAll, syntax.AppAll, syntax.RdrInOut:
			if n.Word.Lit() != "/dev/null" && n.Word.Lit() != "/dev/stdout" && n.Word.Lit() != "/dev/stderr" {
				return "redirects output to a file"
			}
		}
	case *syntax.CmdSubst, *syntax.ProcSubst:
		return "substitutes a command"
	case *syntax.Assign:
		return "assigns a variable"
	case *syntax.CallExpr:
		if len(n.Args) > 0 {
			switch baseName(n.Args[0].Lit()) {
			case "rm", "mv", "cp", "tee", "dd", "touch", "mkdir", "rmdir", "chmod", "chown",
				"ln", "install", "truncate", "shred", "sudo", "su", "curl", "wget", "xargs", "awk", "perl", "python3":
				return "runs a writing command"
			}
		}
	}
	return ""
}
