package tools

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/honecode/hone/internal/testenv"
)

// grepFixture builds a tree exercising ignore rules, hidden files, binary
// files, symlinks, CRLF and long lines.
func grepFixture(t *testing.T) *toolEnv {
	te := newToolEnv(t)
	files := map[string]string{
		"main.go":            "package main\n\nfunc main() {}\n",
		"go.mod":             "module example.com/testproject\n",
		"a/b.go":             "package a\n// TODO: fix (a+b)\nvar x = 1\n",
		"a.go":               "package top\n",
		"web/app.ts":         "export const TODO = 1;\r\n",
		"web/app.tsx":        "// TODO tsx\n",
		".hidden/h.go":       "package hidden\n",
		"build/gen.go":       "package build // ignored\n",
		"notes.log":          "TODO ignored by pattern\n",
		"bin.dat":            "package\x00binary\n",
		"long.txt":           "package " + strings.Repeat("y", 3000) + "\n",
		"sub/.gitignore":     "local.go\n",
		"sub/local.go":       "package local // ignored by sub/.gitignore\n",
		"sub/kept.go":        "package kept\n",
		".git/config":        "package git\n",
		"deep/x/y/z/file.go": "package z\n",
	}
	for name, content := range files {
		te.write(t, name, content)
	}
	te.write(t, ".gitignore", "build/\n*.log\n")
	if err := os.Symlink(te.root+"/main.go", te.root+"/link.go"); err != nil {
		t.Fatal(err)
	}
	return te
}

func grepCases(te *toolEnv) []jsonArgs {
	return []jsonArgs{
		{"pattern": "package", "include": "*.go"},
		{"pattern": "package"},
		{"pattern": "TODO"},
		{"pattern": "(a+b)", "literal_text": true},
		{"pattern": "^var \\w+ = \\d"},
		{"pattern": "TODO", "include": "*.{ts,tsx}"},
		{"pattern": "TODO", "include": "web/*.ts"},
		{"pattern": "package", "path": "a"},
		{"pattern": "package", "path": "a/b.go"},
		{"pattern": "package", "path": te.root + "/deep"},
		{"pattern": "nothing matches this"},
	}
}

func TestGrepRipgrepAndGoAgree(t *testing.T) {
	t.Parallel()
	rg := testenv.LookPath(t, "rg")
	te := grepFixture(t)
	for _, args := range grepCases(te) {
		t.Run(fmt.Sprint(args), func(t *testing.T) {
			t.Parallel()
			withRG := runGrep(t, te, rg, args)
			withGo := runGrep(t, te, "", args)
			if withRG.Content != withGo.Content {
				t.Errorf("ripgrep and Go search differ:\n--- rg\n%s\n--- go\n%s", withRG.Content, withGo.Content)
			}
		})
	}
}

// runGrep runs a grep tool using rg ("" for the Go search) through a
// registry.
func runGrep(t *testing.T, te *toolEnv, rg string, args jsonArgs) Result {
	t.Helper()
	reg := NewRegistry(Builtins(te.Env)...)
	reg.Add(&grepTool{env: te.Env, schema: SchemaFor[grepParams](), rg: rg})
	return runOn(t, reg, "grep", args)
}

func TestGrepOutput(t *testing.T) {
	t.Parallel()
	te := grepFixture(t)
	for _, rg := range []string{"", "rg"} {
		if rg == "rg" {
			rg = testenv.LookPath(t, "rg")
		}
		res := runGrep(t, te, rg, jsonArgs{"pattern": "package", "include": "*.go"})
		want := "Found 6 matching lines in 6 files.\n\n" +
			".hidden/h.go:\n  1: package hidden\n\n" +
			"a/b.go:\n  1: package a\n\n" +
			"a.go:\n  1: package top\n\n" +
			"deep/x/y/z/file.go:\n  1: package z\n\n" +
			"main.go:\n  1: package main\n\n" +
			"sub/kept.go:\n  1: package kept\n\n"
		if !strings.HasPrefix(res.Content+"\n\n", want) {
			t.Errorf("rg=%q content:\n%s\nwant:\n%s", rg, res.Content, want)
		}
		long := runGrep(t, te, rg, jsonArgs{"pattern": "yyy"})
		if !strings.Contains(long.Content, "long.txt:\n  1: package "+strings.Repeat("y", 492)+"\n") &&
			!strings.HasSuffix(long.Content, "  1: package "+strings.Repeat("y", 492)) {
			t.Errorf("long line not cut to 500 characters: %.100s", long.Content)
		}
	}
}

func TestGrepCapsAndErrors(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	te.write(t, "many.txt", strings.Repeat("match\n", 150))
	if err := syscall.Mkfifo(te.root+"/fifo", 0o644); err != nil {
		t.Fatal(err)
	}
	for _, rg := range []string{"", "rg"} {
		if rg == "rg" {
			rg = testenv.LookPath(t, "rg")
		}
		res := runGrep(t, te, rg, jsonArgs{"pattern": "match"})
		if !strings.Contains(res.Content, "Showing the first 100 matching lines") || strings.Count(res.Content, ": match") != 100 {
			t.Errorf("rg=%q cap: %.200s", rg, res.Content)
		}
		for _, bad := range []jsonArgs{{"pattern": "("}, {"pattern": ""}, {"pattern": "x", "path": "nope"}, {"pattern": "x", "path": "fifo"}, {"pattern": "x", "path": "/dev/zero"}} {
			if res := runGrep(t, te, rg, bad); !res.IsError {
				t.Errorf("rg=%q grep %v: %s", rg, bad, res.Content)
			}
		}
	}
}
