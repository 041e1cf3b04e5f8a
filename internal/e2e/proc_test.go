package e2e

import (
	"bytes"
	"errors"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// runTimeout bounds every hone process of a test; a hang fails the test
// instead of the whole package.
const runTimeout = 60 * time.Second

// result is how a hone process ended.
type result struct {
	stdout, stderr string
	// code is the exit code, -1 when a signal ended the process.
	code int
	// maxRSS is the peak resident set size in bytes (getrusage; see
	// rusage_test.go for what it means).
	maxRSS int64
	// wall is the time from start to exit.
	wall time.Duration
}

func (r result) String() string {
	return "exit " + strconv.Itoa(r.code) + "\n--- stdout\n" + r.stdout + "\n--- stderr\n" + r.stderr
}

// proc is a running hone process.
type proc struct {
	t      testing.TB
	cmd    *exec.Cmd
	stdout *syncBuffer
	stderr *syncBuffer
	done   chan struct{}
	res    result
	// started is the moment just before the process was started.
	started time.Time
	// report is the rusage helper's report file, "" without it.
	report string
}

// start starts hone with args in the project directory; stdin, when not
// nil, is piped in.
func (e *env) start(stdin *string, args ...string) *proc {
	e.t.Helper()
	var in io.Reader
	if stdin != nil {
		in = strings.NewReader(*stdin)
	}
	return e.startReader(in, args...)
}

// startReader starts hone with args in the project directory and stdin
// read from in (nil: /dev/null).
func (e *env) startReader(in io.Reader, args ...string) *proc {
	e.t.Helper()
	return e.startTo(in, &syncBuffer{}, args...)
}

// startDiscard starts hone like start with stdin from /dev/null and its
// standard output read from the pipe and thrown away as it arrives, the
// way `curl -o /dev/null` reads: a benchmark then measures hone's
// writing, not the test's buffer growing to the output's size.
func (e *env) startDiscard(args ...string) *proc {
	e.t.Helper()
	return e.startTo(nil, &syncBuffer{discard: true}, args...)
}

func (e *env) startTo(in io.Reader, stdout *syncBuffer, args ...string) *proc {
	e.t.Helper()
	cmd, report := e.command(args)
	cmd.Dir = e.project
	cmd.Env = e.environ()
	if in != nil {
		cmd.Stdin = in
	}
	p := &proc{t: e.t, cmd: cmd, stdout: stdout, stderr: &syncBuffer{}, done: make(chan struct{}), report: report}
	cmd.Stdout, cmd.Stderr = p.stdout, p.stderr
	p.started = time.Now()
	if err := cmd.Start(); err != nil {
		e.t.Fatalf("start hone: %v", err)
	}
	go p.reap()
	e.t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			_ = cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

func (p *proc) reap() {
	defer close(p.done)
	timer := time.AfterFunc(runTimeout, func() { _ = p.cmd.Process.Kill() })
	err := p.cmd.Wait()
	wall := time.Since(p.started)
	timer.Stop()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		p.res.code = -2
		p.res.stderr = err.Error()
		return
	}
	st := p.cmd.ProcessState
	p.res = result{stdout: p.stdout.String(), stderr: p.stderr.String(), code: st.ExitCode(), wall: wall}
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		p.res.maxRSS = int64(ru.Maxrss) * 1024 // kilobytes on Linux
	}
	p.readReport()
}

// wait waits for the process to end and returns how it ended.
func (p *proc) wait() result {
	<-p.done
	return p.res
}

// signal sends sig to the process.
func (p *proc) signal(sig syscall.Signal) {
	p.t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		p.t.Fatalf("signal %v: %v", sig, err)
	}
}

// waitFor polls cond until it holds; it fails the test after timeout or
// when the process ends first.
func (p *proc) waitFor(what string, timeout time.Duration, cond func() bool) {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		select {
		case <-p.done:
			if cond() {
				return
			}
			p.t.Fatalf("hone ended before %s:\n%s", what, p.res)
		case <-time.After(10 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("no %s after %s:\nstdout: %s\nstderr: %s", what, timeout, p.stdout, p.stderr)
		}
	}
}

// hone runs hone with args to the end.
func (e *env) hone(args ...string) result {
	e.t.Helper()
	return e.start(nil, args...).wait()
}

// honeIn runs hone with stdin piped in.
func (e *env) honeIn(stdin string, args ...string) result {
	e.t.Helper()
	return e.start(&stdin, args...).wait()
}

// mustRun runs hone and fails the test unless it exits with code.
func (e *env) mustRun(code int, args ...string) result {
	e.t.Helper()
	r := e.hone(args...)
	if r.code != code {
		e.t.Fatalf("hone %s: want exit %d, got %s", strings.Join(args, " "), code, r)
	}
	return r
}

// syncBuffer is a bytes.Buffer safe for one writer and many readers.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	// discard keeps only the count of bytes written.
	discard bool
	n       int64
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.discard {
		b.n += int64(len(p))
		return len(p), nil
	}
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.discard {
		return "(" + strconv.FormatInt(b.n, 10) + " bytes, not kept)"
	}
	return b.buf.String()
}
