package procgroup

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"syscall"
	"time"
)

// stderrKeep is how much of the end of stderr is kept.
const stderrKeep = 4 << 10

// Process is a long-lived helper (an MCP server, a language server) that
// talks over its stdin and stdout. Write requests to Stdin and read replies
// from Stdout; both are ours to use until Stop.
type Process struct {
	Stdin  *os.File // write end of the child's stdin
	Stdout *os.File // read end of the child's stdout
	child  *Child
	stderr *tail
	// stderrDone is closed once stderr reached EOF or was abandoned.
	stderrDone chan struct{}
	done       chan struct{} // closed once the child exited and stderr was read
}

// Start starts command with args in dir with the complete environment env
// through l (nil: directly), in its own process group.
func Start(l *Launcher, command string, args, env []string, dir string) (*Process, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("stdin pipe: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return nil, fmt.Errorf("stdout pipe: %w", err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return nil, fmt.Errorf("stderr pipe: %w", err)
	}
	child, err := l.Start(Spec{Path: command, Args: args, Dir: dir, Env: env, Files: []*os.File{inR, outW, errW}})
	closeAll(inR, outW, errW)
	if err != nil {
		closeAll(inW, outR, errR)
		return nil, err
	}
	p := &Process{Stdin: inW, Stdout: outR, child: child, stderr: &tail{max: stderrKeep},
		stderrDone: make(chan struct{}), done: make(chan struct{})}
	go func() {
		_, _ = io.Copy(p.stderr, errR)
		close(p.stderrDone)
	}()
	go p.wait(errR)
	return p, nil
}

// wait waits for the child (whose group is killed when it exits), then
// for its stderr, bounded: a process that escaped the group may hold it.
func (p *Process) wait(errR *os.File) {
	<-p.child.Done()
	select {
	case <-p.stderrDone:
	case <-time.After(500 * time.Millisecond):
	}
	_ = errR.Close()
	close(p.done)
}

// Pid is the child's process id, which is also its process group id.
func (p *Process) Pid() int { return p.child.Pid() }

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
	if err := p.child.Exit().Err(); err != nil {
		reason = "exited: " + err.Error()
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
	p.child.Signal(syscall.SIGTERM)
	if p.WaitExit(grace) {
		return
	}
	p.child.Signal(syscall.SIGKILL)
	<-p.done
}

// Kill kills the whole group at once and waits until the child is reaped.
func (p *Process) Kill() {
	p.child.Kill()
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
