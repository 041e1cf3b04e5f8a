package permission

import (
	"context"
	"fmt"

	"github.com/honecode/hone/internal/shell"
)

// Confinement says how far a command that may run is confined.
type Confinement string

// Confinements, from the most to the least confined.
const (
	// ConfineReadOnly: reads the project, writes only its temporary
	// directory, no network.
	ConfineReadOnly Confinement = "read-only"
	// ConfineWorkspace: also writes the project; no network.
	ConfineWorkspace Confinement = "workspace-write"
	// ConfineWorkspaceNetwork: workspace-write with network access.
	ConfineWorkspaceNetwork Confinement = "workspace-write+network"
	// Unconfined: no sandbox (yolo, a person allowed it just now, or
	// commands cannot be sandboxed here).
	Unconfined Confinement = "unconfined"
)

// Confine decides a command request like Ask and says how to confine the
// command. readOnly marks a line the classifier judged to only read inside
// the project; it runs without asking, in a read-only sandbox. Commands
// allowed by an allow rule, a session grant or the auto mode run in a
// workspace-write sandbox, with network when a permissions.network rule or
// a network grant covers every command that is not read-only. A person's
// answer to this very request, and the yolo mode, leave the command
// unconfined. A request with SandboxBlocked (run again without the
// sandbox) is always put to a person, except in yolo mode.
func (s *Service) Confine(ctx context.Context, req Request, readOnly bool) (Confinement, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	an := analyze(req, s.projectDir)
	if r, ok := s.deniedByRule(req, an); ok {
		return "", s.deny(ctx, req, ByRule, "denied by rule "+r.String())
	}
	mode := s.Mode()
	switch {
	case mode == ModeYolo || s.sandbox() == NoSandbox:
		if readOnly && req.SandboxBlocked == "" {
			return Unconfined, nil
		}
		return Unconfined, s.Ask(ctx, req)
	case req.SandboxBlocked != "":
		return Unconfined, s.askUnsandboxed(ctx, req, an)
	case readOnly:
		return ConfineReadOnly, nil
	}
	if v, reason := mode.decide(req); v == deny {
		return "", s.deny(ctx, req, ByMode, reason)
	}
	workspace := ConfineWorkspace
	if s.networkAllowed(req, an) {
		workspace = ConfineWorkspaceNetwork
	}
	hook := hookVerdict(ctx)
	switch {
	case hook == HookAsk:
	case mode == ModeAuto && s.sandbox() == FullSandbox && !req.OutsideProject,
		s.allowedIn(ctx, req, an), hook == HookAllow && (an == nil || len(an.Unchecked) == 0):
		return workspace, nil
	}
	if err, done := s.byHook(ctx, req); done {
		return workspace, err
	}
	if s.nonInteractive {
		return "", s.deny(ctx, req, ByNonInteractive, nonInteractiveReason(req, an, s.projectDir))
	}
	return Unconfined, s.askPerson(ctx, req, an)
}

// askUnsandboxed puts a command the sandbox blocked to a person.
func (s *Service) askUnsandboxed(ctx context.Context, req Request, an *shell.Analysis) error {
	if s.Mode() == ModePlan {
		return s.deny(ctx, req, ByMode, planReason)
	}
	if err, done := s.byHook(ctx, req); done && err != nil {
		return err
	}
	if s.nonInteractive {
		return s.deny(ctx, req, ByNonInteractive, fmt.Sprintf(
			"the sandbox blocked the command (%s) and running it without the sandbox needs a person to ask; "+
				"if it needs the network, add a permissions.network rule such as %q, or run with --yolo",
			req.SandboxBlocked, suggestRule(req, an, s.projectDir)))
	}
	return s.askPerson(ctx, req, an)
}

// networkAllowed reports whether every command of the line that does not
// only read is covered by a network rule or a network grant.
func (s *Service) networkAllowed(req Request, an *shell.Analysis) bool {
	if an == nil || an.Refusal != "" || len(an.Commands) == 0 {
		return false
	}
	grants := s.grants(req.SessionID)
	covered := false
	for _, c := range an.Commands {
		switch {
		case s.networkRuleCovers(req.ToolName, c) || grants.coverNetwork(req.ToolName, req.Path, c):
			covered = true
		case !c.ReadOnly:
			return false
		}
	}
	return covered
}

func (s *Service) networkRuleCovers(tool string, c shell.Command) bool {
	for _, r := range s.networkRules {
		if r.matchesTool(tool) && (r.Pattern == "" || r.matchesCommand(c)) {
			return true
		}
	}
	return false
}
