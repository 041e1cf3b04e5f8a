package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

//go:embed job_output.md
var jobOutputDescription string

// jobWaitLimit bounds how long job_output waits for a job with wait set.
const jobWaitLimit = 2 * time.Minute

type jobOutputParams struct {
	ShellID string `json:"shell_id" jsonschema_description:"The job id returned by bash with run_in_background (job-1)."`
	Wait    bool   `json:"wait,omitempty" jsonschema_description:"Wait for the job to finish (at most 2 minutes) before returning."`
}

type jobOutputTool struct {
	env    *Env
	schema json.RawMessage
}

func init() {
	register(func(env *Env) Tool { return &jobOutputTool{env: env, schema: SchemaFor[jobOutputParams]()} })
}

// Info describes job_output.
func (t *jobOutputTool) Info() Info {
	return Info{Name: "job_output", Description: jobOutputDescription, Schema: t.schema, Policy: PolicyReadOnly, Requires: []string{"bash"}}
}

// Run returns the job's status and the output it produced since the last
// job_output call, waiting for it to finish first when asked.
func (t *jobOutputTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[jobOutputParams](call)
	if err != nil {
		return Result{}, err
	}
	j, res := findJob(ctx, t.env, p.ShellID)
	if j == nil {
		return res, nil
	}
	if p.Wait {
		wait, cancel := context.WithTimeout(ctx, jobWaitLimit)
		select {
		case <-j.proc.Done():
		case <-wait.Done():
		}
		cancel()
	}
	return jobResult(j, j.status()), nil
}

// findJob returns the session's job, or an error result naming the jobs
// that exist.
func findJob(ctx context.Context, env *Env, id string) (*job, Result) {
	if env.Jobs == nil {
		return nil, ErrorResult("background jobs are not available here.")
	}
	session := CallFrom(ctx).SessionID
	if j, ok := env.Jobs.get(session, strings.TrimSpace(id)); ok {
		return j, Result{}
	}
	known := env.Jobs.ids(session)
	if len(known) == 0 {
		return nil, ErrorResult(fmt.Sprintf("no background job %q: this session has started none.", id))
	}
	return nil, ErrorResult(fmt.Sprintf("no background job %q; this session's jobs are %s.", id, strings.Join(known, ", ")))
}

// jobResult reports a job's status line and its unread output.
func jobResult(j *job, status string) Result {
	out := j.unread()
	body := out
	if strings.TrimSpace(out) == "" {
		body = "(no new output)"
	}
	head := fmt.Sprintf("Job %s (%s) — %s.", j.id, j.command, status)
	path, note := j.savedNote()
	if note != "" {
		body += "\n" + note
	}
	return Result{
		Content:  head + "\n" + body,
		Artifact: path,
		Display: Display{Kind: DisplayCommand, Title: j.id + ": " + status, Command: j.command, Body: out,
			ExitCode: jobExitCode(j), Signal: jobSignal(j), Artifact: path},
	}
}

// jobSignal names the signal that ended the job, "" while running or
// when it exited.
func jobSignal(j *job) string {
	if j.finished() {
		return j.proc.Exit().Signal
	}
	return ""
}

// jobExitCode is the job's exit code once finished, 0 while running.
func jobExitCode(j *job) int {
	if j.finished() {
		return j.proc.Exit().Code
	}
	return 0
}
