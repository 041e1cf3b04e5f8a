package permission

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/honecode/hone/internal/shell"
)

// Scope describes, for a permission dialog, what answering AllowSession
// to req would allow for the rest of the session besides this call, or ""
// when such a grant would cover nothing more (a command line without a
// command to grant): a front end then does not offer AllowSession. The
// service puts it in Request.SessionScope of every request it publishes.
func (s *Service) Scope(req Request) string {
	an := analyze(req, s.projectDir)
	gs := grantsFor(req, an)
	switch {
	case len(gs) == 0:
		return ""
	case an != nil:
		quoted := make([]string, len(gs))
		for i, g := range gs {
			quoted[i] = "`" + g.prefix + "`"
		}
		scope := req.ToolName + " commands starting with " + strings.Join(quoted, ", ")
		if req.Path != "" {
			scope += " in " + req.Path
		}
		if len(an.Risks) > 0 {
			scope += " (without " + riskText(*an) + ", so not this line again)"
		}
		if req.SandboxBlocked != "" {
			scope += ", run in the sandbox with network access"
		}
		return scope
	case req.Path != "":
		return fmt.Sprintf("every %s call (%s) on %s", req.ToolName, req.Action, req.Path)
	}
	return fmt.Sprintf("every %s call (%s)", req.ToolName, req.Action)
}

// nonInteractiveReason tells the model (and the person reading hone run's
// stderr) why a request was denied and how it could be allowed.
func nonInteractiveReason(req Request, an *shell.Analysis, projectDir string) string {
	if an != nil && len(an.Unchecked) > 0 {
		return fmt.Sprintf("not allowed without a person to ask (non-interactive run): %s, so Hone cannot check "+
			"what it runs against its guardrails; only a person can allow it, not --yolo or an allow rule",
			strings.Join(an.Unchecked, "; "))
	}
	if an != nil && (len(an.Risks) > 0 || len(an.Commands) == 0) {
		return fmt.Sprintf("not allowed without a person to ask (non-interactive run): the command contains %s, "+
			"which only a bare \"bash\" allow rule or --yolo allows", riskText(*an))
	}
	return fmt.Sprintf("not allowed without a person to ask (non-interactive run); "+
		"allow it with a permissions.allow rule such as %q or run with --yolo", suggestRule(req, an, projectDir))
}

// suggestRule proposes an allow rule that would have allowed req.
func suggestRule(req Request, an *shell.Analysis, projectDir string) string {
	switch {
	case an != nil:
		if ps := an.Prefixes(); len(ps) > 0 {
			return req.ToolName + "(" + ps[0] + "*)"
		}
	case req.Path != "" && !req.OutsideProject:
		if rel, err := filepath.Rel(projectDir, req.Path); err == nil {
			return req.ToolName + "(" + filepath.ToSlash(rel) + ")"
		}
	}
	return req.ToolName
}

func riskText(an shell.Analysis) string {
	if len(an.Risks) == 0 {
		return "no command"
	}
	return strings.Join(an.Risks, ", ")
}
