package permission

import "github.com/honecode/hone/internal/shell"

// deniedByRule returns the first deny rule matching req. A command is
// denied when the pattern matches the raw line, a command as written, or
// a command in normal form (see shell.Pattern): deny rules err on the
// side of matching.
func (s *Service) deniedByRule(req Request, an *shell.Analysis) (Rule, bool) {
	for _, r := range s.denyRules {
		if !r.matchesTool(req.ToolName) {
			continue
		}
		if r.Pattern == "" {
			return r, true
		}
		if an != nil {
			if r.cmd.Denies(req.Command, *an) {
				return r, true
			}
			continue
		}
		if r.matchesPath(req.Path, s.projectDir) {
			return r, true
		}
	}
	return Rule{}, false
}

// allowed applies allow rules and the session's grants. A command line is
// allowed only when it has no risks and each of its commands is
// read-only, matched by an allow rule, or covered by a grant.
func (s *Service) allowed(req Request, an *shell.Analysis) bool {
	if an != nil && len(an.Unchecked) > 0 {
		return false
	}
	if req.SandboxBlocked != "" {
		return false // running without the sandbox is a person's call
	}
	allow := s.allowList()
	for _, r := range allow {
		if r.Pattern == "" && r.matchesTool(req.ToolName) {
			return true
		}
	}
	grants := s.grants(req.SessionID)
	if an != nil {
		return commandAllowed(*an, func(c shell.Command) bool {
			return s.ruleAllowsCommand(req.ToolName, c) || grants.coverCommand(req.ToolName, req.Path, c)
		})
	}
	for _, r := range allow {
		if r.matchesTool(req.ToolName) && r.matchesPath(req.Path, s.projectDir) {
			return true
		}
	}
	return grants.cover(req)
}

func (s *Service) ruleAllowsCommand(tool string, c shell.Command) bool {
	for _, r := range append(s.allowList(), s.networkRules...) {
		if r.matchesTool(tool) && r.matchesCommand(c) {
			return true
		}
	}
	return false
}

// commandAllowed reports whether every command of a risk-free line is
// read-only or accepted by ok.
func commandAllowed(an shell.Analysis, ok func(shell.Command) bool) bool {
	if an.Refusal != "" || len(an.Risks) > 0 || len(an.Commands) == 0 {
		return false
	}
	for _, c := range an.Commands {
		if !c.ReadOnly && !ok(c) {
			return false
		}
	}
	return true
}
