package shell

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// FuzzClassify checks that Analyze never panics, never calls a line
// read-only when it writes through a redirection, substitutes a command,
// assigns a variable or runs a command known to write, and that an
// allowlisted program given an option no table knows is never read-only.
func FuzzClassify(f *testing.F) {
	for _, s := range []string{
		"ls -la", "git status", "ls\nrm x", "echo a > ~/.bashrc", "ls & rm x",
		"ls <(rm x)", "env rm x", "/usr/bin/sudo x", "bash -c 'sudo x'",
		"cat a | grep b > /dev/null", "find . -exec rm {} ;", "x=1; $x",
		"sed -n '1,5p' f", "echo ${a:=b}", "cd sub && ls", "eval 'ls; rm x'",
		"sort -u names.txt", "git log --oneline -5", "go vet ./...", "grep -rn x .",
		"timeout 5 cat main.go", "ps aux", "find . -name '*.go'", "rg -n x", "date +%s",
	} {
		f.Add(s, "x")
	}
	w := project(f)
	f.Fuzz(func(t *testing.T, line, flag string) {
		a := Analyze(line, w)
		if a.Refusal != "" && a.ReadOnly() {
			t.Fatalf("refused and read-only: %q", line)
		}
		if a.ReadOnly() {
			checkNoWrites(t, line)
		}
		checkUnknownOption(t, w, line, flag)
	})
}

// checkNoWrites fails when a line called read-only writes or runs
// something the oracle knows about.
func checkNoWrites(t *testing.T, line string) {
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
}

// fuzzAllowlisted are programs with read-only tables, written down
// independently of the tables. Programs that take any word as text (echo,
// true, test) are not here: an unknown option is just text to them.
const fuzzAllowlisted = `ls cat head tail wc stat du df file tree realpath readlink diff cmp md5sum
	sha256sum cksum od hexdump strings cut tr nl fold fmt column expand unexpand paste rev tac comm
	sort uniq jq grep egrep fgrep rg fd find sed pwd cd command which whereis type basename dirname
	uname whoami id printenv env hostname seq sleep nproc free uptime date ps git go gofmt timeout
	nice nohup stdbuf xargs bash sh printf`

// checkUnknownOption inserts an option no program knows (--zz…) after the
// name of the line's first command; if that command is allowlisted, the
// line must not be read-only.
func checkUnknownOption(t *testing.T, w Where, line, flag string) {
	file, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), "")
	if err != nil {
		return
	}
	var call *syntax.CallExpr
	syntax.Walk(file, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && call == nil && len(c.Args) > 0 {
			call = c
		}
		return call == nil
	})
	if call == nil || !fieldIn(fuzzAllowlisted, call.Args[0].Lit()) {
		return
	}
	unknown := "--zz" + strings.Map(func(r rune) rune {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || r == '-' {
			return r
		}
		return -1
	}, flag)
	opt := &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: unknown}}}
	call.Args = append(call.Args[:1], append([]*syntax.Word{opt}, call.Args[1:]...)...)
	var b strings.Builder
	if err := syntax.NewPrinter().Print(&b, file); err != nil {
		return
	}
	if Analyze(b.String(), w).ReadOnly() {
		t.Fatalf("%q is read-only with the unknown option %s (from %q)", b.String(), unknown, line)
	}
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
				"ln", "install", "truncate", "shred", "sudo", "su", "curl", "wget", "xargs", "awk", "perl", "python3",
				"flock", "script", "parallel":
				return "runs a writing command"
			}
			find := false // find's actions count once find is the program, wrapped or not
			for _, w := range n.Args {
				switch w.Lit() {
				case "--output", "--compress-program", "--exec", "--pre":
					return "passes a writing or executing option"
				case "-delete", "-exec", "-execdir", "-fprint":
					// To other programs these are other words: fd reads -exec
					// as -e xec, the extension "xec".
					if find {
						return "passes a writing or executing option"
					}
				}
				find = find || baseName(w.Lit()) == "find"
			}
		}
	}
	return ""
}
