package procgroup

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

// stderrKeep is how much of the end of stderr is kept.
const stderrKeep = 4 << 10

// Process is a running child in its own process group. Write requests to
// Stdin and read replies from Stdout; both are ours to use until Stop.
type Process struct {
	Stdin  *os.File // write end of the child's stdin
	Stdout *os.File // read end of the child's stdout
	cmd    *exec.Cmd
	stderr *tail
	done   chan struct{} // closed once the child has exited and been reaped
	err    error         // exit error, set before done is closed
}

// Start starts command with args in dir; the child's environment is
// ours with the entries of env set.
func Start(command string, args []string, env map[string]string, dir string) (*Process, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("stdin pipe: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return nil, fmt.Errorf("stdout pipe: %w", err)
	}
	p := &Process{Stdin: inW, Stdout: outR, stderr: &tail{max: stderrKeep}, done: make(chan struct{})}
	cmd := exec.Command(command, args...)
	cmd.Dir = dir
	cmd.Env = MergeEnv(os.Environ(), env)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, p.stderr
	cmd.SysProcAttr = groupAttr()
	// A grandchild holding stderr open must not delay exit detection.
	cmd.WaitDelay = 500 * time.Millisecond
	if err := cmd.Start(); err != nil {
		closeAll(inR, inW, outR, outW)
		return nil, fmt.Errorf("start %s: %w", command, err)
	}
	closeAll(inR, outW)
	p.cmd = cmd
	go p.wait()
	return p, nil
}

// wait reaps the child, then kills what is left of its group, so that
// helpers it spawned do not outlive it.
func (p *Process) wait() {
	p.err = p.cmd.Wait()
	killGroup(p.cmd.Process.Pid)
	close(p.done)
}

// Pid is the child's process id, which is also its process group id.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Done is closed once the child has exited (and was reaped).
func (p *Process) Done() <-chan struct{} { return p.done }

// Exited reports whether the child has exited.
func (p *Process) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// WaitExit waits up to d for the child to exit and reports whether it has.
func (p *Process) WaitExit(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-p.done:
		return true
	case <-t.C:
		return false
	}
}

// ExitReason describes how the child ended ("exited: exit status 3")
// followed by its last stderr lines. Call it once Done is closed.
func (p *Process) ExitReason() string {
	reason := "exited"
	if p.err != nil {
		reason = "exited: " + p.err.Error()
	}
	if tail := p.StderrTail(3); tail != "" {
		reason += ": " + tail
	}
	return reason
}

// StderrTail returns up to n last non-empty lines of stderr, joined by " | ".
func (p *Process) StderrTail(n int) string { return p.stderr.lastLines(n) }

// Stop closes stdin (well-behaved servers exit on EOF); if the child is
// still running after grace it gets SIGTERM, and after another grace the
// whole group gets SIGKILL. Stop returns once the child is reaped and our
// pipe ends are closed. It is safe to call more than once.
func (p *Process) Stop(grace time.Duration) {
	defer p.Stdout.Close()
	_ = p.Stdin.Close()
	if p.WaitExit(grace) {
		return
	}
	termGroup(p.cmd.Process.Pid)
	if p.WaitExit(grace) {
		return
	}
	killGroup(p.cmd.Process.Pid)
	<-p.done
}

// Kill kills the whole group at once and waits until the child is reaped.
func (p *Process) Kill() {
	killGroup(p.cmd.Process.Pid)
	<-p.done
	closeAll(p.Stdin, p.Stdout)
}

// MergeEnv returns base with the entries of extra set, extra's keys in
// sorted order after base's.
func MergeEnv(base []string, extra map[string]string) []string {
	out := slices.DeleteFunc(slices.Clone(base), func(kv string) bool {
		k, _, _ := strings.Cut(kv, "=")
		_, replaced := extra[k]
		return replaced
	})
	keys := make([]string, 0, len(extra))
	for k := range extra {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		out = append(out, k+"="+extra[k])
	}
	return out
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		_ = f.Close()
	}
}
