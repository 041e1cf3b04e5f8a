package permission

import (
	"slices"

	"github.com/honecode/hone/internal/shell"
)

// grant is one allow-for-session answer. It never covers a whole
// directory: a command prefix (run where it was granted: inside the
// project, or in the one outside directory asked about), an exact path,
// or — for tools with neither (fetch, MCP tools) — the tool's action.
type grant struct {
	tool   string
	action Action
	prefix string // normalized command prefix, for commands
	path   string // exact absolute path; for commands, the outside directory
	// network: the commands may also use the network in the sandbox
	// (granted when a person allowed a command the sandbox blocked).
	network bool
}

type grantList []grant

// sessionState is the per-session part of the service.
type sessionState struct {
	// turn holds a token while one of the session's requests is put to
	// a person; the others wait to send theirs.
	turn   chan struct{}
	grants grantList
}

// grantsFor returns what an allow-for-session answer to req grants.
func grantsFor(req Request, an *shell.Analysis) []grant {
	switch {
	case an != nil:
		var out []grant
		for _, p := range an.Prefixes() {
			out = append(out, grant{tool: req.ToolName, action: req.Action, prefix: p, path: req.Path,
				network: req.SandboxBlocked != ""})
		}
		return out
	case req.Path != "":
		return []grant{{tool: req.ToolName, action: req.Action, path: req.Path}}
	}
	return []grant{{tool: req.ToolName, action: req.Action}}
}

// coverCommand reports whether a grant of the tool covers the command's
// prefix when run in dir ("" inside the project).
func (gs grantList) coverCommand(tool, dir string, c shell.Command) bool {
	return slices.ContainsFunc(gs, func(g grant) bool {
		return g.tool == tool && g.prefix != "" && g.path == dir && shell.Covers(g.prefix, c)
	})
}

// coverNetwork reports whether a network grant covers the command.
func (gs grantList) coverNetwork(tool, dir string, c shell.Command) bool {
	return slices.ContainsFunc(gs, func(g grant) bool {
		return g.network && g.tool == tool && g.prefix != "" && g.path == dir && shell.Covers(g.prefix, c)
	})
}

// cover reports whether a grant covers a request without a command.
func (gs grantList) cover(req Request) bool {
	return slices.ContainsFunc(gs, func(g grant) bool {
		return g.tool == req.ToolName && g.action == req.Action && g.prefix == "" && g.path == req.Path
	})
}

// session returns the state of a session, creating it.
func (s *Service) session(id string) *sessionState {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, ok := s.sessions[id]
	if !ok {
		st = &sessionState{turn: make(chan struct{}, 1)}
		s.sessions[id] = st
	}
	return st
}

// grants returns a snapshot of a session's grants.
func (s *Service) grants(sessionID string) grantList {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st, ok := s.sessions[sessionID]; ok {
		return slices.Clone(st.grants)
	}
	return nil
}

func (s *Service) addGrants(sessionID string, gs []grant) {
	st := s.session(sessionID)
	s.mu.Lock()
	defer s.mu.Unlock()
	st.grants = append(st.grants, gs...)
}
