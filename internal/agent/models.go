package agent

// SetCandidates replaces the candidate lists of both roles (a nil small
// list means "the same as large"). Turns already running keep the lists
// they started a step with; the next step uses the new ones.
func (c *Coordinator) SetCandidates(large, small []Candidate) {
	if len(small) == 0 {
		small = large
	}
	c.rolesMu.Lock()
	defer c.rolesMu.Unlock()
	c.cfg.Large = append([]Candidate(nil), large...)
	c.cfg.Small = append([]Candidate(nil), small...)
}

// Candidates returns copies of the current large and small lists.
func (c *Coordinator) Candidates() (large, small []Candidate) {
	c.rolesMu.RLock()
	defer c.rolesMu.RUnlock()
	return append([]Candidate(nil), c.cfg.Large...), append([]Candidate(nil), c.cfg.Small...)
}

func (c *Coordinator) large() []Candidate {
	c.rolesMu.RLock()
	defer c.rolesMu.RUnlock()
	return c.cfg.Large
}

func (c *Coordinator) small() []Candidate {
	c.rolesMu.RLock()
	defer c.rolesMu.RUnlock()
	return c.cfg.Small
}
