package mcp

// PIDs returns the process ids of the running stdio servers, by server
// name (tests check that none survives Close).
func (m *Manager) PIDs() map[string]int {
	out := map[string]int{}
	for _, s := range m.servers {
		s.mu.Lock()
		if s.conn != nil && s.conn.proc != nil {
			out[s.name] = s.conn.proc.Pid()
		}
		s.mu.Unlock()
	}
	return out
}
