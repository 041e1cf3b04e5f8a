package tools

import (
	"context"
	_ "embed"
	"encoding/json"
)

//go:embed job_kill.md
var jobKillDescription string

type jobKillParams struct {
	ShellID string `json:"shell_id" jsonschema_description:"The job id returned by bash with run_in_background (job-1)."`
}

type jobKillTool struct {
	env    *Env
	schema json.RawMessage
}

func init() {
	register(func(env *Env) Tool { return &jobKillTool{env: env, schema: SchemaFor[jobKillParams]()} })
}

// Info describes job_kill. Stopping one of the session's own jobs needs no
// permission.
func (t *jobKillTool) Info() Info {
	return Info{Name: "job_kill", Description: jobKillDescription, Schema: t.schema, Policy: PolicyExecute, Requires: []string{"bash"}}
}

// Run stops the job and every process it started, and returns its last
// unread output.
func (t *jobKillTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[jobKillParams](call)
	if err != nil {
		return Result{}, err
	}
	j, res := findJob(ctx, t.env, p.ShellID)
	if j == nil {
		return res, nil
	}
	if j.finished() {
		return jobResult(j, "had already "+j.status()), nil
	}
	j.proc.Stop()
	return jobResult(j, "stopped, "+describeExit(j.proc.Exit())), nil
}
