package tools

import (
	"fmt"
	"io"
)

// grepCollector gathers the matches of one search: the first limit for
// the result, and, when out is set, every match as a "path:line:text"
// line for the saved output, until budget bytes were written there.
type grepCollector struct {
	limit   int
	matches []grepMatch
	extra   int // matches beyond limit
	out     io.Writer
	name    func(abs string) string
	budget  int64
}

// add records m and reports whether the search should go on.
func (c *grepCollector) add(m grepMatch) bool {
	if len(c.matches) < c.limit {
		c.matches = append(c.matches, m)
	} else {
		c.extra++
	}
	if c.out == nil {
		return c.extra == 0
	}
	n, _ := fmt.Fprintf(c.out, "%s:%d:%s\n", c.name(m.path), m.line, m.text)
	c.budget -= int64(n)
	return c.budget > 0
}

// done reports whether the search may stop: the result is complete and
// nothing is being saved, or the saved output used up its budget.
func (c *grepCollector) done() bool {
	if c.out == nil {
		return c.extra > 0
	}
	return c.budget <= 0
}
