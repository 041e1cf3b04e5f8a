package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/honecode/hone/internal/testenv"
)

// The rows of docs/performance.md that are ratios to another program are
// measured against it in the same run: a Go hello-world for `hone
// version`, curl for streaming. Each reports medians (p50) of both and
// their ratio; read them, never assert them.

// BenchmarkVersionVsHello runs `hone version` and a Go hello-world
// binary alternately and reports both walls and hone's multiple of the
// hello-world (target ≤ 2×).
func BenchmarkVersionVsHello(b *testing.B) {
	e := newEnv(b)
	hello := buildHello(b)
	var hone, base samples
	for b.Loop() {
		p := e.start(nil, "version")
		if r := p.wait(); r.code != 0 {
			b.Fatalf("hone version: %s", r)
		}
		hone.addDuration(time.Since(p.started))
		t0 := time.Now()
		if err := exec.Command(hello).Run(); err != nil {
			b.Fatal(err)
		}
		base.addDuration(time.Since(t0))
	}
	hone.report(b, "hone-", "ms")
	base.report(b, "hello-", "ms")
	b.ReportMetric(hone.quantile(0.5)/base.quantile(0.5), "x-hello")
}

// buildHello builds a Go program that prints one line.
func buildHello(b *testing.B) string {
	b.Helper()
	dir := b.TempDir()
	src := "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello\") }\n"
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module hello\n\ngo 1.22\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(dir, "hello")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("build hello: %v\n%s", err, out)
	}
	return bin
}

// BenchmarkStreamBurst: a local server writes a whole answer of n
// small text chunks at once; hone run reads, stores and prints it, and
// curl sends the request hone sent and reads the same reply from the same
// server. The times run from the
// request's arrival to the process's exit; x-curl is hone's throughput as
// a fraction of curl's (target ≥ 0.5).
func BenchmarkStreamBurst(b *testing.B) {
	for _, n := range []int{2000, 20000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) { benchStreamBurst(b, n) })
	}
}

func benchStreamBurst(b *testing.B, n int) {
	curl := testenv.LookPath(b, "curl")
	e := newEnv(b)
	benchProject(b, e)
	text := strings.Repeat("tok ", n)
	srv := newChatServer(b, func(int, *chatRequest) reply { return reply{text: text, chunk: 4, burst: true} })
	e.useConfig(withoutTitles(serverConfig(srv.URL())))
	// curl sends the body hone sent, so that the server's work before
	// its answer (reading and decoding the request) is the same for both.
	body := filepath.Join(e.dir, "request.json")
	var hone, base samples
	for b.Loop() {
		p := e.start(nil, "run", "stream")
		req := <-srv.arrived
		if r := p.wait(); r.code != 0 {
			b.Fatalf("hone run: %s", r)
		}
		hone.addDuration(time.Since(req.At))
		if err := os.WriteFile(body, req.Raw, 0o644); err != nil {
			b.Fatal(err)
		}
		c := exec.Command(curl, "-sS", "-N", "-o", "/dev/null", "-H", "Content-Type: application/json",
			"--data-binary", "@"+body, srv.URL()+"/v1/chat/completions")
		if err := c.Start(); err != nil {
			b.Fatal(err)
		}
		req = <-srv.arrived
		if err := c.Wait(); err != nil {
			b.Fatalf("curl: %v", err)
		}
		base.addDuration(time.Since(req.At))
	}
	hone.report(b, "hone-", "ms")
	base.report(b, "curl-", "ms")
	b.ReportMetric(base.quantile(0.5)/hone.quantile(0.5), "x-curl")
}
