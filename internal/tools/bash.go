package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/honecode/hone/internal/fsguard"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/sandbox"
	"github.com/honecode/hone/internal/shell"
)

//go:embed bash.md
var bashDescription string

// bashPlanNote is added to bash's description in plan mode.
const bashPlanNote = "Plan mode is on: only commands that just read inside the project run " +
	"(ls, cat, grep, rg, find, git status/log/diff/show, go vet, …). Any other command is refused " +
	"without asking, so use bash to explore, not to build, test or change anything."

// Limits of the bash tool.
const (
	bashDefaultTimeout = 2 * time.Minute
	bashMaxTimeout     = 10 * time.Minute
	// bashOutputLimit bounds the output returned (head + tail), in bytes.
	bashOutputLimit = 30000
	// bashGrace is how long a stopped command may take to exit after
	// SIGINT before its process group gets SIGKILL.
	bashGrace = 3 * time.Second
)

type bashParams struct {
	Command         string `json:"command" jsonschema_description:"The command line to run with bash -c."`
	Description     string `json:"description,omitempty" jsonschema_description:"What the command does, in a few words (shown to the user)."`
	WorkingDir      string `json:"working_dir,omitempty" jsonschema_description:"Directory to run in, relative to the current directory; default: the current directory."`
	RunInBackground bool   `json:"run_in_background,omitempty" jsonschema_description:"Start the command as a background job and return its id at once."`
	Timeout         int    `json:"timeout,omitempty" jsonschema_description:"Timeout in milliseconds (default 120000, max 600000)." jsonschema:"minimum=0,maximum=600000"`
}

type bashTool struct {
	env    *Env
	schema json.RawMessage
}

func init() {
	register(func(env *Env) Tool { return &bashTool{env: env, schema: SchemaFor[bashParams]()} })
}

// Info describes bash.
func (t *bashTool) Info() Info {
	return Info{Name: "bash", Description: bashDescription, Schema: t.schema, Policy: PolicyExecute, PlanNote: bashPlanNote}
}

// Run judges the command (guardrail, read-only, permission), then runs it
// in the foreground or as a background job.
func (t *bashTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[bashParams](call)
	if err != nil {
		return Result{}, err
	}
	if strings.TrimSpace(p.Command) == "" {
		return ErrorResult("command is empty."), nil
	}
	session := CallFrom(ctx).SessionID
	dir, outside, problem := t.workDir(session, p.WorkingDir)
	if problem != "" {
		return ErrorResult(problem), nil
	}
	an, conf, req, res, ok := t.permit(ctx, p, dir, outside)
	if !ok {
		return res, nil
	}
	spec := shell.Spec{
		Script:      p.Command,
		Dir:         dir,
		Env:         sandbox.Environ(os.Environ(), t.env.ShellEnvAllow),
		OutputLimit: bashOutputLimit,
		Grace:       bashGrace,
		Launcher:    t.env.Launcher,
	}
	if an.ReadOnly() && !outside {
		spec.Env = shell.HardenEnv(spec.Env, an)
	}
	plain := spec
	cleanup, err := t.sandboxSpec(&spec, conf)
	if err != nil {
		return ErrorResult(fmt.Sprintf("could not prepare the sandbox: %v", err)), nil
	}
	out := newSpill(ctx, t.env.Artifacts, bashOutputLimit)
	spec.Sink = out
	if p.RunInBackground {
		return t.background(session, p, spec, out, cleanup), nil
	}
	res = t.foreground(ctx, session, p, spec, out)
	cleanup()
	if spec.Sandbox != nil && res.Display.ExitCode != 0 {
		res = t.escalate(ctx, session, p, plain, req, res, res.Display.Body)
	}
	return res, nil
}

// workDir returns the directory to run in: the session's current
// directory, or working_dir resolved against it. outside reports a
// directory outside the project, which needs permission.
func (t *bashTool) workDir(session, requested string) (dir string, outside bool, problem string) {
	cur := t.currentDir(session)
	if requested == "" {
		return cur, false, ""
	}
	r, err := fsguard.ResolveFrom(t.env.WorkDir, cur, requested)
	if err != nil {
		return "", false, fmt.Sprintf("working_dir %q: %v", requested, err)
	}
	if fi, err := os.Stat(r.Abs); err != nil || !fi.IsDir() {
		return "", false, fmt.Sprintf("working_dir %s is not an existing directory.", r.Abs)
	}
	return r.Abs, !r.Inside, ""
}

// currentDir returns the session's directory, or the project's real path
// when none is kept or the kept one is gone or now leads outside.
func (t *bashTool) currentDir(session string) string {
	if t.env.Jobs != nil {
		if d := t.env.Jobs.Dir(session); d != "" {
			r, err := fsguard.Resolve(t.env.WorkDir, d)
			if fi, serr := os.Stat(r.Abs); err == nil && serr == nil && r.Inside && fi.IsDir() {
				return r.Abs
			}
		}
	}
	if r, err := fsguard.Resolve(t.env.WorkDir, ""); err == nil {
		return r.Abs
	}
	return t.env.WorkDir
}

// permit applies the guardrail, lets read-only commands inside the project
// through, and asks the permission service about the rest. Commands are
// judged from dir, the directory they run in: outside the project none
// is read-only. It returns the analysis, how the command is confined and
// the request it was judged by.
func (t *bashTool) permit(ctx context.Context, p bashParams, dir string, outside bool) (shell.Analysis, permission.Confinement, permission.Request, Result, bool) {
	an := shell.Analyze(p.Command, shell.Where{Project: t.env.WorkDir, Dir: dir})
	if an.Refusal != "" {
		res := ErrorResult("Command refused: " + an.Refusal)
		res.Display = Display{Kind: DisplayCommand, Title: bashTitle(p), Command: p.Command, Body: an.Refusal}
		return an, "", permission.Request{}, res, false
	}
	req := permission.Request{
		SessionID:   CallFrom(ctx).SessionID,
		ToolName:    "bash",
		Action:      permission.ActionExecute,
		Command:     p.Command,
		WorkDir:     dir,
		Description: bashTitle(p),
	}
	if outside {
		req.Path, req.OutsideProject = dir, true
	}
	// Read-only commands run without asking, unless a deny rule says no.
	conf, res, ok := t.confine(ctx, req, an.ReadOnly() && !outside)
	return an, conf, req, res, ok
}

// foreground runs the command to its end, its timeout or cancellation.
func (t *bashTool) foreground(ctx context.Context, session string, p bashParams, spec shell.Spec, out *spill) Result {
	timeout := bashTimeout(p.Timeout)
	proc, err := shell.Start(spec)
	if err != nil {
		return ErrorResult(fmt.Sprintf("could not start the command: %v", err))
	}
	runCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	finished := proc.Wait(runCtx)
	exit := proc.Exit()
	var notes []string
	switch {
	case finished:
	case ctx.Err() != nil:
		notes = append(notes, "The command was cancelled; its processes were stopped.")
	default:
		notes = append(notes, fmt.Sprintf("The command timed out after %s; its processes were stopped.", timeout))
	}
	if note := t.keepDir(session, spec.Dir, exit.Dir); note != "" {
		notes = append(notes, note)
	}
	saved, note := out.Close()
	if note != "" {
		notes = append(notes, note)
	}
	res := commandResult(p, proc.Output().String(), exit, notes, !finished)
	res.Artifact, res.Display.Artifact = saved.Path, saved.Path
	return res
}

// keepDir makes a cd stick: the directory the shell ended in becomes the
// session's directory when it changed and lies inside the project.
func (t *bashTool) keepDir(session, start, end string) string {
	if t.env.Jobs == nil || end == "" || end == start {
		return ""
	}
	if r, err := fsguard.Resolve(t.env.WorkDir, end); err == nil && r.Inside {
		t.env.Jobs.SetDir(session, r.Abs)
		return ""
	}
	return fmt.Sprintf("The shell ended in %s, which is outside the project; the next command starts in %s.",
		end, t.currentDir(session))
}

// background starts the command as a job of the session; cleanup runs
// when it ended.
func (t *bashTool) background(session string, p bashParams, spec shell.Spec, out *spill, cleanup func()) Result {
	if t.env.Jobs == nil {
		cleanup()
		return ErrorResult("background jobs are not available here; run the command without run_in_background.")
	}
	id, err := t.env.Jobs.start(session, p.Command, spec, out, cleanup)
	if err != nil {
		return ErrorResult(fmt.Sprintf("could not start the background job: %v", err))
	}
	msg := fmt.Sprintf("Started background job %s in %s. Read its output with job_output (shell_id %q); stop it with job_kill.",
		id, spec.Dir, id)
	return Result{Content: msg, Display: Display{Kind: DisplayCommand, Title: bashTitle(p), Command: p.Command, Body: msg}}
}

// commandResult reports output, exit status and notes.
func commandResult(p bashParams, out string, exit shell.Exit, notes []string, isErr bool) Result {
	content := out
	if strings.TrimSpace(out) == "" {
		content = "(no output)"
	}
	if exit.Code != 0 || exit.Signal != "" {
		content += "\n\n" + exitSentence(exit)
	}
	for _, n := range notes {
		content += "\n" + n
	}
	return Result{
		Content: content,
		IsError: isErr,
		Display: Display{Kind: DisplayCommand, Title: bashTitle(p), Command: p.Command, Body: out, ExitCode: exit.Code, Signal: exit.Signal},
	}
}

// bashTimeout turns the timeout parameter (milliseconds) into a duration.
func bashTimeout(ms int) time.Duration {
	if ms <= 0 {
		return bashDefaultTimeout
	}
	return min(time.Duration(ms)*time.Millisecond, bashMaxTimeout)
}

// bashTitle is the one-line summary: the description, or the command's
// first line.
func bashTitle(p bashParams) string {
	if d := strings.TrimSpace(p.Description); d != "" {
		return d
	}
	line, _, cut := strings.Cut(strings.TrimSpace(p.Command), "\n")
	if r := []rune(line); len(r) > 80 {
		line, cut = string(r[:80]), true
	}
	if cut {
		line += " …"
	}
	return line
}
