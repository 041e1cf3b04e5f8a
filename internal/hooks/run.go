package hooks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/procgroup"
	"github.com/honecode/hone/internal/sandbox"
)

// Defaults and bounds of one hook command.
const (
	DefaultTimeout = 60 * time.Second
	maxStdout      = 1 << 20
	maxStderr      = 64 << 10
)

// TranscriptWriter writes the session's transcript as JSONL and returns
// its path; hooks get the path in transcript_path.
type TranscriptWriter func(ctx context.Context, sessionID string) (string, error)

// Options configure a Runner.
type Options struct {
	// Hooks are the configured hooks by event, in config order.
	Hooks config.Hooks
	// Launcher starts the commands so that they die with Hone (nil:
	// directly).
	Launcher *procgroup.Launcher
	// Env is the allowlisted environment commands get
	// (sandbox.Environ); HONE_PROJECT_DIR and CLAUDE_PROJECT_DIR are added.
	Env []string
	// ProjectDir is the project root.
	ProjectDir string
	// Transcript, when set, writes the transcript hooks may read.
	Transcript TranscriptWriter
	Logger     *slog.Logger
}

// Runner runs the hooks of each event. A nil *Runner runs nothing.
type Runner struct {
	opts Options
}

// New returns a Runner over opts.
func New(opts Options) *Runner {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	return &Runner{opts: opts}
}

// Has reports whether any hook is configured for ev, so that callers
// can skip building an Input.
func (r *Runner) Has(ev Event) bool {
	return r != nil && len(r.opts.Hooks[string(ev)]) > 0
}

// Run runs every hook whose matcher matches in, all at once, and
// composes their answers in config order. It waits for all of them.
func (r *Runner) Run(ctx context.Context, in Input) Outcome {
	var o Outcome
	if !r.Has(in.Event) {
		return o
	}
	cmds, warns := r.matching(in)
	o.Messages = append(o.Messages, warns...)
	if len(cmds) == 0 {
		return o
	}
	stdin, err := r.stdin(ctx, in)
	if err != nil {
		o.Messages = append(o.Messages, err.Error())
		return o
	}
	results := make([]result, len(cmds))
	var wg sync.WaitGroup
	for i, c := range cmds {
		wg.Go(func() { results[i] = r.runOne(ctx, c, in.Cwd, stdin) })
	}
	wg.Wait()
	for _, res := range results {
		o.add(in.Event, res)
	}
	return o
}

// matching returns the distinct commands of in's event whose matcher
// matches, in config order.
func (r *Runner) matching(in Input) ([]config.HookCommand, []string) {
	var out []config.HookCommand
	var warns []string
	seen := map[string]bool{}
	targets := in.target()
	for _, m := range r.opts.Hooks[string(in.Event)] {
		match, err := compileMatcher(m.Matcher)
		if err != nil {
			warns = append(warns, fmt.Sprintf("hooks.%s: matcher %q is not a valid regular expression: %v", in.Event, m.Matcher, err))
			continue
		}
		if targets != nil && !matchAny(match, targets) {
			continue
		}
		for _, h := range m.Hooks {
			if h.Command == "" || (h.Type != "" && h.Type != "command") || seen[h.Command] {
				continue
			}
			seen[h.Command] = true
			out = append(out, h)
		}
	}
	return out, warns
}

func matchAny(match func(string) bool, names []string) bool {
	for _, n := range names {
		if match(n) {
			return true
		}
	}
	return false
}

// stdin is the JSON the hooks of in read, with the transcript written.
func (r *Runner) stdin(ctx context.Context, in Input) ([]byte, error) {
	var path string
	if r.opts.Transcript != nil && in.SessionID != "" {
		p, err := r.opts.Transcript(ctx, in.SessionID)
		if err != nil {
			r.opts.Logger.Warn("hook transcript", "session", in.SessionID, "err", err)
		}
		path = p
	}
	if in.Cwd == "" {
		in.Cwd = r.opts.ProjectDir
	}
	data, err := json.Marshal(in.payload(path))
	if err != nil {
		return nil, fmt.Errorf("encode hook input: %w", err)
	}
	return data, nil
}

// runOne runs one command with bash -c (sh -c without bash), stdin fed,
// stdout and stderr read bounded, killed at its timeout or when ctx ends.
func (r *Runner) runOne(ctx context.Context, h config.HookCommand, cwd string, stdin []byte) result {
	res := result{command: h.Command, code: -1}
	timeout := DefaultTimeout
	if h.Timeout > 0 {
		timeout = time.Duration(h.Timeout) * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	p, err := r.start(h.Command, cwd)
	if err != nil {
		res.err = err
		return res
	}
	go func() {
		_, _ = p.stdin.Write(stdin)
		p.stdin.Close()
	}()
	stop := context.AfterFunc(ctx, p.child.Kill)
	defer stop()
	var wg sync.WaitGroup
	var errText []byte
	wg.Go(func() { errText = readBounded(p.stderr, maxStderr) })
	res.stdout = readBounded(p.stdout, maxStdout)
	wg.Wait()
	st := p.child.Exit()
	res.stderr, res.code = string(errText), st.Code
	switch err := ctx.Err(); {
	case errors.Is(err, context.DeadlineExceeded):
		res.err = fmt.Errorf("stopped after %s", timeout)
	case err != nil:
		res.err = err
	}
	return res
}

// proc is a started hook command with our ends of its pipes.
type proc struct {
	child                 *procgroup.Child
	stdin, stdout, stderr *os.File
}

func (r *Runner) start(command, cwd string) (*proc, error) {
	shell, err := exec.LookPath("bash")
	if err != nil {
		if shell, err = exec.LookPath("sh"); err != nil {
			return nil, fmt.Errorf("find a shell: %w", err)
		}
	}
	if cwd == "" {
		cwd = r.opts.ProjectDir
	}
	var ours, theirs [3]*os.File
	for i := range 3 {
		rd, wr, err := os.Pipe()
		if err != nil {
			closeAll(ours[:]...)
			closeAll(theirs[:]...)
			return nil, fmt.Errorf("hook pipes: %w", err)
		}
		if i == 0 {
			ours[i], theirs[i] = wr, rd
		} else {
			ours[i], theirs[i] = rd, wr
		}
	}
	env := sandbox.Set(sandbox.Set(append([]string(nil), r.opts.Env...), "HONE_PROJECT_DIR", r.opts.ProjectDir), "CLAUDE_PROJECT_DIR", r.opts.ProjectDir)
	child, err := r.opts.Launcher.Start(procgroup.Spec{
		Path: shell, Args: []string{"-c", command}, Dir: cwd, Env: env,
		Files: theirs[:], Session: true,
	})
	closeAll(theirs[:]...)
	if err != nil {
		closeAll(ours[:]...)
		return nil, fmt.Errorf("start hook: %w", err)
	}
	return &proc{child: child, stdin: ours[0], stdout: ours[1], stderr: ours[2]}, nil
}

// readBounded reads f to its end, keeping at most limit bytes, and
// closes it.
func readBounded(f *os.File, limit int64) []byte {
	defer f.Close()
	data, _ := io.ReadAll(io.LimitReader(f, limit))
	_, _ = io.Copy(io.Discard, f)
	return data
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		if f != nil {
			f.Close()
		}
	}
}
