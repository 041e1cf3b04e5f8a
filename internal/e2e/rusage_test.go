package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// Peak RSS of a measured process. Linux starts a process's ru_maxrss at
// exec from the peak of the memory it replaces, and Go starts children
// with CLONE_VM|CLONE_VFORK, so that memory is the test process's own: a
// hone process started after BenchmarkLargeSession had grown this process
// to 200 MiB reported 200 MiB. The benchmarks that report RSS therefore
// start hone through rusage, a tiny program built here: hone's peak
// starts from rusage's (about 2 MiB, below any hone command), whatever
// this process's size and whichever benchmarks ran before. rusage also
// notes hone's start and end, so its own start is not in the times.

// rusageSource is the helper: rusage REPORT PROGRAM ARGS… runs PROGRAM
// with its own stdin, stdout, stderr and environment, then writes
// "START END MAXRSS" (unix ns, unix ns, KiB) to REPORT and exits with
// PROGRAM's code (-1 if a signal ended it, as os/exec reports).
const rusageSource = `package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"time"
)

func main() {
	// The child dies with this thread (Pdeathsig): keep main on it.
	runtime.LockOSThread()
	cmd := exec.Command(os.Args[2], os.Args[3:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "rusage:", err)
		os.Exit(125)
	}
	_ = cmd.Wait()
	end := time.Now()
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	report := fmt.Sprintf("%d %d %d\n", start.UnixNano(), end.UnixNano(), ru.Maxrss)
	if err := os.WriteFile(os.Args[1], []byte(report), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "rusage:", err)
		os.Exit(125)
	}
	os.Exit(cmd.ProcessState.ExitCode())
}
`

// measureRSS makes e start hone through the rusage helper from now on,
// building it in e's directory the first time.
func (e *env) measureRSS(b *testing.B) {
	b.Helper()
	if e.rusage != "" {
		return
	}
	dir := filepath.Join(e.dir, "rusage-src")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(rusageSource), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module rusage\n\ngo 1.22\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(e.dir, "rusage")
	cmd := exec.Command("go", "build", "-ldflags=-s -w", "-o", bin, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("build rusage: %v\n%s", err, out)
	}
	e.rusage = bin
}

// command returns the command that starts hone with args, through the
// rusage helper when e measures RSS, and the helper's report file.
func (e *env) command(args []string) (cmd *exec.Cmd, report string) {
	bin := e.bin
	if bin == "" {
		bin = honeBin
	}
	if e.rusage == "" {
		return exec.Command(bin, e.args(args)...), ""
	}
	e.reports++
	report = filepath.Join(e.dir, fmt.Sprintf("rusage-%d", e.reports))
	return exec.Command(e.rusage, append([]string{report, bin}, e.args(args)...)...), report
}

// readReport takes hone's start, run time and peak RSS from the rusage
// helper's report, when there is one.
func (p *proc) readReport() {
	if p.report == "" {
		return
	}
	b, err := os.ReadFile(p.report)
	if err != nil {
		p.res.stderr += "\nrusage report: " + err.Error()
		return
	}
	var start, end, kib int64
	if _, err := fmt.Sscanf(string(b), "%d %d %d", &start, &end, &kib); err != nil {
		p.res.stderr += "\nrusage report: " + err.Error()
		return
	}
	p.started = time.Unix(0, start)
	p.res.wall = time.Duration(end - start)
	p.res.maxRSS = kib * 1024
}
