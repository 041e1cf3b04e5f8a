package tools

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/sandbox"
	"github.com/honecode/hone/internal/shell"
)

// confiner is implemented by permission services (permission.Service) that
// say how to sandbox a command they allow.
type confiner interface {
	Confine(ctx context.Context, req permission.Request, readOnly bool) (permission.Confinement, error)
}

// confine asks how the command may run: the decision (with its result
// when denied) and whether it may proceed.
func (t *bashTool) confine(ctx context.Context, req permission.Request, readOnly bool) (permission.Confinement, Result, bool) {
	c, ok := t.env.Perms.(confiner)
	if !ok || t.env.Sandbox == nil {
		if readOnly {
			res, ok := denyByRule(t.env, req)
			return permission.Unconfined, res, ok
		}
		res, ok := askPermission(ctx, t.env, req)
		return permission.Unconfined, res, ok
	}
	cc := CallFrom(ctx)
	req.SessionID, req.CallID = cc.SessionID, cc.CallID
	conf, err := c.Confine(ctx, req, readOnly)
	if err == nil {
		return conf, Result{}, true
	}
	res, _ := permissionResult(ctx, req, err)
	return "", res, false
}

// sandboxSpec puts spec in the sandbox conf calls for: a private temporary
// directory, the build cache and the encoded policy. cleanup removes the
// temporary directory once the command ended.
func (t *bashTool) sandboxSpec(spec *shell.Spec, conf permission.Confinement) (cleanup func(), err error) {
	var lvl sandbox.Level
	switch conf {
	case permission.ConfineReadOnly:
		lvl = sandbox.LevelReadOnly
	case permission.ConfineWorkspace, permission.ConfineWorkspaceNetwork:
		lvl = sandbox.LevelWorkspace
	default:
		return func() {}, nil
	}
	tmp, err := os.MkdirTemp("", "hone-sandbox-")
	if err != nil {
		return nil, fmt.Errorf("create the sandbox's temporary directory: %w", err)
	}
	cleanup = func() { _ = os.RemoveAll(tmp) }
	s := *t.env.Sandbox
	s.TempDir, s.Env = tmp, spec.Env
	pol, err := sandbox.New(lvl, s, conf == permission.ConfineWorkspaceNetwork)
	if err != nil {
		cleanup()
		return nil, err
	}
	spec.Env = sandbox.Set(spec.Env, "TMPDIR", tmp)
	if s.CacheDir != "" {
		spec.Env = sandbox.Set(spec.Env, "XDG_CACHE_HOME", s.CacheDir)
		spec.Env = sandbox.Set(spec.Env, "GOCACHE", filepath.Join(s.CacheDir, "go-build"))
	}
	spec.Sandbox = pol.Marshal()
	return cleanup, nil
}

// escalate handles a sandboxed command that failed in a way that looks
// like the sandbox stopped it: the person (if any) is asked whether to run
// it again without the sandbox. It returns the result to report.
func (t *bashTool) escalate(ctx context.Context, session string, p bashParams, spec shell.Spec, req permission.Request, res Result, output string) Result {
	line, blocked := sandbox.Blocked(output)
	if !blocked || ctx.Err() != nil {
		return res
	}
	req.SandboxBlocked = line
	req.Description = "Run again without the sandbox: " + bashTitle(p)
	conf, denied, ok := t.confine(ctx, req, false)
	if !ok || conf != permission.Unconfined {
		res.Content += fmt.Sprintf("\nThe sandbox may have blocked this command (%s); it was not run without the sandbox. %s", line, denied.Content)
		return res
	}
	spec.Sandbox = nil
	out := newSpill(ctx, t.env.Artifacts, bashOutputLimit)
	spec.Sink = out
	again := t.foreground(ctx, session, p, spec, out)
	again.Content = fmt.Sprintf("The command failed inside the sandbox (%s); the user allowed running it again without the sandbox.\n%s", line, again.Content)
	return again
}
