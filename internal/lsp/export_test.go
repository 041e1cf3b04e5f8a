package lsp

// PIDs returns the process ids of the running servers (tests check that
// none survives Close).
func (m *Manager) PIDs() []int {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []int
	for _, c := range m.clients {
		select {
		case <-c.ready:
			if c.proc != nil && !c.proc.Exited() {
				out = append(out, c.proc.Pid())
			}
		default:
		}
	}
	return out
}
