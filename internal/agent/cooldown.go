package agent

import (
	"sync"
	"time"

	"github.com/honecode/hone/internal/llm"
)

// cooldowns remembers candidates resting after a failure; shared by every
// session of a Coordinator.
type cooldowns struct {
	now       func() time.Time
	durations map[llm.ErrorKind]time.Duration
	mu        sync.Mutex
	until     map[string]cooling
}

type cooling struct {
	kind  llm.ErrorKind
	until time.Time
}

func newCooldowns(now func() time.Time, durations map[llm.ErrorKind]time.Duration) *cooldowns {
	return &cooldowns{now: now, durations: durations, until: make(map[string]cooling)}
}

// check reports whether name is resting, why and until when.
func (c *cooldowns) check(name string) (cooling, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cl, ok := c.until[name]
	if !ok {
		return cooling{}, false
	}
	if !c.now().Before(cl.until) {
		delete(c.until, name)
		return cooling{}, false
	}
	return cl, true
}

// put rests name after an error of kind; the rest lasts the kind's
// cooldown or the server's retry-after, whichever is longer. It returns
// the end of the rest (zero when the kind has no cooldown).
func (c *cooldowns) put(name string, kind llm.ErrorKind, retryAfter time.Duration) time.Time {
	d := max(c.durations[kind], retryAfter)
	if c.durations[kind] == 0 || d <= 0 {
		return time.Time{}
	}
	until := c.now().Add(d)
	c.mu.Lock()
	defer c.mu.Unlock()
	if cur, ok := c.until[name]; !ok || cur.until.Before(until) {
		c.until[name] = cooling{kind: kind, until: until}
	}
	return until
}

// earliestIfAll returns, when every one of names is resting, the one
// whose rest ends first; "" when any is free (or names is empty).
func (c *cooldowns) earliestIfAll(names []string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	best := ""
	var end time.Time
	for _, n := range names {
		cl, ok := c.until[n]
		if !ok || !now.Before(cl.until) {
			return ""
		}
		if best == "" || cl.until.Before(end) {
			best, end = n, cl.until
		}
	}
	return best
}

// clear ends every rest: the user asked to try again now.
func (c *cooldowns) clear() {
	c.mu.Lock()
	clear(c.until)
	c.mu.Unlock()
}
