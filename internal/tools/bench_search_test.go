package tools

import (
	"fmt"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/honecode/hone/internal/testenv"
)

// BenchmarkSearch50k measures grep (with and without ripgrep) and glob on
// a tree of 50,000 small files with .gitignore files, each iteration
// timing rg itself on the same tree for the ratios of docs/performance.md:
// x-rg (grep with rg, target ≤ 1.1), go-x-rg (grep without rg, ≤ 3),
// glob-x-rg-files (glob **/*.go against rg --files, ≤ 1.5). Each ratio
// is the median of the iterations' own ratios, so that a swing of the
// machine's load hits both sides of a pair alike. go-alloc-MiB is what
// one grep without rg allocates. Medians; never asserted.
func BenchmarkSearch50k(b *testing.B) {
	rg := testenv.LookPath(b, "rg")
	te := searchTree(b, 250, 200)
	withRG := &grepTool{env: te.Env, schema: SchemaFor[grepParams](), rg: rg}
	withGo := &grepTool{env: te.Env, schema: SchemaFor[grepParams](), rg: ""}
	reg := NewRegistry(Builtins(te.Env)...)
	grep := Call{Name: "grep", Input: []byte(`{"pattern":"needle"}`)}
	glob := Call{Name: "glob", Input: []byte(`{"pattern":"**/*.go"}`)}
	var base, files, hone, goSearch, globbed, alloc, xRG, xGo, xGlob samples
	flip := false
	for b.Loop() {
		flip = !flip // which of a pair runs first alternates
		pair(flip,
			func() {
				base.add(timeRun(b, exec.Command(rg, "--no-config", "--hidden", "--glob=!.git", "--no-require-git", "needle", te.root)))
			},
			func() { hone.add(timeTool(b, func() Result { res, _ := withRG.Run(b.Context(), grep); return res })) })
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		before := ms.TotalAlloc
		goSearch.add(timeTool(b, func() Result { res, _ := withGo.Run(b.Context(), grep); return res }))
		runtime.ReadMemStats(&ms)
		alloc = append(alloc, float64(ms.TotalAlloc-before)/(1<<20))
		pair(flip,
			func() {
				files.add(timeRun(b, exec.Command(rg, "--no-config", "--hidden", "--glob=!.git", "--no-require-git", "--files", te.root)))
			},
			func() { globbed.add(timeTool(b, func() Result { return reg.Run(b.Context(), glob) })) })
		n := len(base) - 1
		xRG = append(xRG, hone[n]/base[n])
		xGo = append(xGo, goSearch[n]/base[n])
		xGlob = append(xGlob, globbed[n]/files[n])
	}
	b.ReportMetric(base.p50(), "rg-p50-ms")
	b.ReportMetric(files.p50(), "rg-files-p50-ms")
	b.ReportMetric(hone.p50(), "grep-rg-p50-ms")
	b.ReportMetric(goSearch.p50(), "grep-go-p50-ms")
	b.ReportMetric(globbed.p50(), "glob-p50-ms")
	b.ReportMetric(xRG.p50(), "x-rg")
	b.ReportMetric(xGo.p50(), "go-x-rg")
	b.ReportMetric(xGlob.p50(), "glob-x-rg-files")
	b.ReportMetric(alloc.p50(), "go-alloc-MiB")
}

// pair runs a then b, or b then a when flip is false.
func pair(flip bool, a, b func()) {
	if !flip {
		a, b = b, a
	}
	a()
	b()
}

// searchTree writes dirs×files small source files, a root .gitignore and
// one in every tenth directory, plus ignored build output.
func searchTree(b *testing.B, dirs, files int) *toolEnv {
	te := newToolEnv(b)
	body := "package p\n" + strings.Repeat("\tfmt.Println(\"some ordinary line of code\")\n", 19)
	needle := strings.Replace(body, "ordinary", "needle", 1) // in one file of 100
	te.write(b, ".gitignore", "*.log\n/build/\nnode_modules/\n*.tmp\n!keep.tmp\n")
	for d := range dirs {
		if d%10 == 0 {
			te.write(b, fmt.Sprintf("pkg%03d/.gitignore", d), "generated_*.go\n")
		}
		for f := range files {
			content := body
			if (d*files+f)%100 == 0 {
				content = needle
			}
			te.write(b, fmt.Sprintf("pkg%03d/file%03d.go", d, f), content)
		}
	}
	for f := range 50 {
		te.write(b, fmt.Sprintf("build/out%02d.go", f), body)
	}
	return te
}

type samples []float64

func (s *samples) add(d time.Duration) { *s = append(*s, float64(d)/float64(time.Millisecond)) }

func (s samples) p50() float64 {
	c := append(samples(nil), s...)
	for i := range c { // insertion sort: a handful of samples
		for j := i; j > 0 && c[j] < c[j-1]; j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
	return c[len(c)/2]
}

func timeRun(b *testing.B, cmd *exec.Cmd) time.Duration {
	t0 := time.Now()
	if out, err := cmd.Output(); err != nil && len(out) == 0 {
		b.Fatalf("%s: %v", cmd, err)
	}
	return time.Since(t0)
}

func timeTool(b *testing.B, run func() Result) time.Duration {
	t0 := time.Now()
	if res := run(); res.IsError {
		b.Fatal(res.Content)
	}
	return time.Since(t0)
}
