package shell

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/honecode/hone/internal/procgroup"
)

// drainLimit bounds how long output is still read after the process group
// was killed (a child that escaped the group may hold the pipe open).
const drainLimit = 2 * time.Second

// Spec describes a script to run.
type Spec struct {
	Script string
	// Dir is the working directory.
	Dir string
	// Env is the complete environment.
	Env []string
	// OutputLimit bounds the output kept, in bytes (head + tail).
	OutputLimit int
	// Sink, when set, also receives all of the output as it is produced
	// (the whole output of a cut result is streamed to an artifact).
	Sink io.Writer
	// Grace is how long an interrupted script may take to exit after
	// SIGINT before the group gets SIGKILL.
	Grace time.Duration
	// Launcher starts the shell (nil: directly, without a sandbox).
	Launcher *procgroup.Launcher
	// Sandbox is the encoded sandbox policy (nil: unconfined).
	Sandbox json.RawMessage
}

// Exit describes how a script ended.
type Exit struct {
	// Code is the exit status, or -1 when a signal ended the shell.
	Code int
	// Signal names the signal that ended the shell (SIGINT, SIGKILL), if
	// one did.
	Signal string
	// Dir is the shell's working directory when it exited ("" when it
	// could not be learned, for example after exec or a replaced EXIT
	// trap).
	Dir string
}

// Process is a running script. Its shell leads a new session and process
// group, has no controlling terminal and reads stdin from /dev/null; when
// the shell exits, whatever is left of the group is killed.
type Process struct {
	child   *procgroup.Child
	out     *Output
	grace   time.Duration
	dirFile *os.File
	done    chan struct{}
	stop    sync.Once
	exit    Exit
}

// Start runs spec.Script with bash -c (sh -c when bash is missing).
func Start(spec Spec) (*Process, error) {
	shellPath, err := exec.LookPath("bash")
	if err != nil {
		if shellPath, err = exec.LookPath("sh"); err != nil {
			return nil, fmt.Errorf("find a shell: %w", err)
		}
	}
	dirFile, err := os.CreateTemp("", "hone-dir-*")
	if err != nil {
		return nil, fmt.Errorf("create directory report file: %w", err)
	}
	_ = os.Remove(dirFile.Name()) // the open descriptor is enough
	pr, pw, err := os.Pipe()
	if err != nil {
		dirFile.Close()
		return nil, fmt.Errorf("create output pipe: %w", err)
	}
	// The EXIT trap reports the final directory on fd 3 (dirFile); it
	// shares the first line so error messages keep their line numbers.
	script := "trap 'pwd -P >&3' EXIT; " + spec.Script
	child, err := spec.Launcher.Start(procgroup.Spec{
		Path:    shellPath,
		Args:    []string{"-c", script},
		Dir:     spec.Dir,
		Env:     spec.Env,
		Files:   []*os.File{nil, pw, pw, dirFile},
		Session: true,
		Sandbox: spec.Sandbox,
	})
	pw.Close()
	if err != nil {
		pr.Close()
		dirFile.Close()
		return nil, fmt.Errorf("start shell: %w", err)
	}
	p := &Process{child: child, out: NewOutput(spec.OutputLimit).tee(spec.Sink), grace: spec.Grace, dirFile: dirFile, done: make(chan struct{})}
	go p.run(pr)
	return p, nil
}

// run copies output until the shell exits (its group is killed then),
// then finishes reading and records the exit.
func (p *Process) run(pr *os.File) {
	copied := make(chan struct{})
	go func() {
		_, _ = io.Copy(p.out, pr)
		close(copied)
	}()
	st := p.child.Exit()
	select {
	case <-copied:
	case <-time.After(drainLimit):
	}
	pr.Close()
	p.exit = Exit{Code: st.Code, Signal: st.Signal}
	p.exit.Dir = reportedDir(p.dirFile)
	p.dirFile.Close()
	close(p.done)
}

// reportedDir reads the directory the EXIT trap wrote, if any.
func reportedDir(f *os.File) string {
	b, err := io.ReadAll(io.NewSectionReader(f, 0, 1<<16))
	if err != nil && !errors.Is(err, io.EOF) {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	return lines[len(lines)-1]
}

// Output returns the process's output record.
func (p *Process) Output() *Output { return p.out }

// Done is closed once the script ended and its output was collected.
func (p *Process) Done() <-chan struct{} { return p.done }

// Exit returns how the script ended; valid after Done is closed.
func (p *Process) Exit() Exit {
	<-p.done
	return p.exit
}

// Wait waits until the script ends or ctx ends; in the latter case the
// script is stopped (see Stop). It reports whether the script ended on its
// own.
func (p *Process) Wait(ctx context.Context) bool {
	select {
	case <-p.done:
		return true
	case <-ctx.Done():
		p.Stop()
		return false
	}
}

// Stop sends SIGINT to the whole process group, SIGKILL after the grace
// period, and waits until the script has ended.
func (p *Process) Stop() {
	p.stop.Do(func() {
		p.child.Signal(syscall.SIGINT)
		select {
		case <-p.done:
		case <-time.After(p.grace):
			p.child.Signal(syscall.SIGKILL)
		}
	})
	<-p.done
}
