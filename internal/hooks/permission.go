package hooks

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/honecode/hone/internal/permission"
)

// Permissions adapts a Runner to permission.Hooks: PermissionRequest
// hooks may settle a request before a person is asked, and Notification
// hooks hear that one is.
type Permissions struct {
	Runner *Runner
	// Mode reports the permission mode in force (nil: default).
	Mode   func() permission.Mode
	Cwd    string
	Logger *slog.Logger
}

// Decide runs the PermissionRequest hooks for req.
func (p Permissions) Decide(ctx context.Context, req permission.Request) (permission.Answer, string) {
	if !p.Runner.Has(PermissionRequest) {
		return "", ""
	}
	o := p.Runner.Run(ctx, p.input(PermissionRequest, req))
	p.log(o)
	switch {
	case o.Decision == "deny" || o.Block:
		return permission.Deny, o.Reason
	case o.Decision == "allow":
		return permission.AllowOnce, ""
	}
	return "", ""
}

// Notify runs the Notification hooks in the background (the person is
// asked at once, not after them): a person is asked about req.
func (p Permissions) Notify(ctx context.Context, req permission.Request) {
	if !p.Runner.Has(Notification) {
		return
	}
	in := p.input(Notification, req)
	in.NotificationType = "permission_prompt"
	in.Message = "Hone needs your permission to use " + ClaudeToolName(req.ToolName)
	ctx = context.WithoutCancel(ctx)
	go func() { p.log(p.Runner.Run(ctx, in)) }()
}

func (p Permissions) input(ev Event, req permission.Request) Input {
	mode := permission.ModeDefault
	if p.Mode != nil {
		mode = p.Mode()
	}
	args := map[string]string{}
	if req.Command != "" {
		args["command"] = req.Command
	}
	if req.Path != "" {
		args["file_path"] = req.Path
	}
	raw, _ := json.Marshal(args)
	return Input{Event: ev, SessionID: req.SessionID, Cwd: p.Cwd, PermissionMode: string(mode),
		ToolName: req.ToolName, ToolInput: raw, ToolUseID: req.CallID}
}

func (p Permissions) log(o Outcome) {
	if p.Logger == nil {
		return
	}
	for _, m := range o.Messages {
		p.Logger.Warn("hook", "message", m)
	}
}
