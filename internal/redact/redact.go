package redact

import (
	"slices"
	"strings"
	"sync"
)

// Marker replaces every secret value.
const Marker = "[redacted]"

// MinLen is the shortest value Add accepts as a secret.
const MinLen = 8

// Redactor replaces known secret values in text. The zero value and a nil
// *Redactor redact nothing; it is safe for concurrent use.
type Redactor struct {
	mu      sync.RWMutex
	secrets []string
	rep     *strings.Replacer
}

// New returns a Redactor knowing secrets.
func New(secrets ...string) *Redactor {
	r := &Redactor{}
	r.Add(secrets...)
	return r
}

// Add makes values secret from now on; empty, short and known values are
// ignored, and so is surrounding whitespace.
func (r *Redactor) Add(values ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	changed := false
	for _, v := range values {
		v = strings.TrimSpace(v)
		if len(v) < MinLen || slices.Contains(r.secrets, v) {
			continue
		}
		r.secrets = append(r.secrets, v)
		changed = true
	}
	if !changed {
		return
	}
	// Longest first, so a secret containing another is replaced whole.
	slices.SortFunc(r.secrets, func(a, b string) int { return len(b) - len(a) })
	pairs := make([]string, 0, 2*len(r.secrets))
	for _, s := range r.secrets {
		pairs = append(pairs, s, Marker)
	}
	r.rep = strings.NewReplacer(pairs...)
}

// String returns s with every secret replaced by Marker.
func (r *Redactor) String(s string) string {
	if r == nil {
		return s
	}
	r.mu.RLock()
	rep := r.rep
	r.mu.RUnlock()
	if rep == nil || s == "" {
		return s
	}
	return rep.Replace(s)
}
