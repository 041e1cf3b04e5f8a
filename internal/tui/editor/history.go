package editor

// history is the list of sent prompts with a browsing position.
type history struct {
	entries []string
	pos     int    // len(entries) when not browsing
	draft   string // what was typed before browsing started
}

func (h *history) add(s string) {
	if n := len(h.entries); n == 0 || h.entries[n-1] != s {
		h.entries = append(h.entries, s)
	}
	h.pos = len(h.entries)
}

func (h *history) set(entries []string) {
	h.entries = append([]string(nil), entries...)
	h.pos = len(h.entries)
}

// prev returns the previous entry, saving current as the draft when
// browsing starts.
func (h *history) prev(current string) (string, bool) {
	if h.pos == 0 {
		return "", false
	}
	if h.pos == len(h.entries) {
		h.draft = current
	}
	h.pos--
	return h.entries[h.pos], true
}

// next returns the next entry, or the draft past the newest.
func (h *history) next() (string, bool) {
	if h.pos >= len(h.entries) {
		return "", false
	}
	h.pos++
	if h.pos == len(h.entries) {
		return h.draft, true
	}
	return h.entries[h.pos], true
}
