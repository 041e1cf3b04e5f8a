package tools

import (
	"fmt"
	"strings"
	"testing"
)

// benchTree writes dirs×files Go files of 200 lines each.
func benchTree(b *testing.B, dirs, files int) *toolEnv {
	te := newToolEnv(b)
	line := "\tfmt.Println(\"some ordinary line of code\")\n"
	for d := range dirs {
		for f := range files {
			te.write(b, fmt.Sprintf("pkg%02d/file%02d.go", d, f), "package p\n"+strings.Repeat(line, 198)+"// needle\n")
		}
	}
	return te
}

func BenchmarkGrep(b *testing.B) {
	te := benchTree(b, 20, 20)
	for _, backend := range []string{"go", "rg"} {
		b.Run(backend, func(b *testing.B) {
			rg := ""
			if backend == "rg" {
				rg = "rg"
			}
			tool := &grepTool{env: te.Env, schema: SchemaFor[grepParams](), rg: rg}
			call := Call{Name: "grep", Input: []byte(`{"pattern":"needle","include":"*.go"}`)}
			for b.Loop() {
				if res, err := tool.Run(b.Context(), call); err != nil || res.IsError {
					b.Fatal(err, res.Content)
				}
			}
		})
	}
}

func BenchmarkGlob(b *testing.B) {
	te := benchTree(b, 20, 20)
	reg := NewRegistry(Builtins(te.Env)...)
	for b.Loop() {
		if res := reg.Run(b.Context(), Call{Name: "glob", Input: []byte(`{"pattern":"**/*.go"}`)}); res.IsError {
			b.Fatal(res.Content)
		}
	}
}

func BenchmarkView(b *testing.B) {
	te := newToolEnv(b)
	te.write(b, "big.go", strings.Repeat("\tfmt.Println(\"some ordinary line of code\")\n", 5000))
	reg := NewRegistry(Builtins(te.Env)...)
	for b.Loop() {
		if res := reg.Run(b.Context(), Call{Name: "view", Input: []byte(`{"file_path":"big.go"}`)}); res.IsError {
			b.Fatal(res.Content)
		}
	}
}
