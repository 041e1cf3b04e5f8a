package permission

import (
	"path/filepath"

	"github.com/honecode/hone/internal/shell"
)

// alwaysRule is the allow rule an "always allow" answer to req adds: the
// narrowest rule the config can express that covers this call. It is ""
// when no rule should be offered: a sensitive write, a command the
// sandbox blocked, a line with risks or unchecked parts, or one that runs
// several programs needing permission (one rule could not cover it), or a
// command run outside the project.
func alwaysRule(req Request, an *shell.Analysis, projectDir string) string {
	if req.Sensitive != "" || req.SandboxBlocked != "" {
		return ""
	}
	if an != nil {
		if len(an.Unchecked) > 0 || len(an.Risks) > 0 || an.Refusal != "" || req.Path != "" {
			return ""
		}
		ps := an.Prefixes()
		if len(ps) != 1 {
			return ""
		}
		return req.ToolName + "(" + ps[0] + "*)"
	}
	if req.Path == "" {
		return req.ToolName
	}
	p := req.Path
	if rel, err := filepath.Rel(projectDir, req.Path); err == nil && !req.OutsideProject {
		p = filepath.ToSlash(rel)
	}
	rule := req.ToolName + "(" + escapeGlob(p) + ")"
	if _, err := ParseRule(rule); err != nil {
		return ""
	}
	return rule
}

// escapeGlob makes a path match only itself as a doublestar pattern.
func escapeGlob(p string) string {
	out := make([]rune, 0, len(p))
	for _, r := range p {
		switch r {
		case '*', '?', '[', ']', '{', '}', '\\':
			out = append(out, '\\')
		}
		out = append(out, r)
	}
	return string(out)
}

// learn adds an allow rule for the rest of this process (an "always
// allow" answer; the front end saves it to the user's config).
func (s *Service) learn(rule string) {
	r, err := ParseRule(rule)
	if err != nil || rule == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.learned = append(s.learned, r)
}

// allowList is the allow rules of the config plus those learned.
func (s *Service) allowList() []Rule {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.learned) == 0 {
		return s.allowRules
	}
	return append(append([]Rule(nil), s.allowRules...), s.learned...)
}
