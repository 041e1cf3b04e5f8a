package agent

import (
	"context"
	"strings"
	"unicode"

	"github.com/honecode/hone/internal/llm"
)

// Title limits.
const (
	titleMaxRunes    = 80
	fallbackRunes    = 50
	titlePromptChars = 4000
	titleMaxOut      = 512
)

// startTitle names sessionID in the background from its first prompt;
// Close waits for it.
func (c *Coordinator) startTitle(ctx context.Context, sessionID, prompt string) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.wg.Add(1)
	c.mu.Unlock()
	go func() {
		defer c.wg.Done()
		c.makeTitle(ctx, sessionID, prompt)
	}()
}

// makeTitle asks the small model for a title, falling back to the
// truncated prompt, stores it and adds the call's cost to the session.
func (c *Coordinator) makeTitle(ctx context.Context, sessionID, prompt string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), c.cfg.TitleTimeout)
	defer cancel()
	col := newTextSink()
	rep, err := c.callModel(ctx, sessionID, c.small(), func(cand Candidate) *llm.Request {
		return sideRequest(cand, titleText, cutUTF8(prompt, titlePromptChars), titleMaxOut)
	}, col)
	title := ""
	if err == nil {
		title = cleanTitle(col.text())
	} else {
		c.log.Info("title request failed", "session", sessionID, "err", err)
	}
	if title == "" {
		title = fallbackTitle(prompt)
	}
	if err := c.deps.Sessions.SetTitle(ctx, sessionID, title); err != nil {
		c.log.Error("set title", "session", sessionID, "err", err)
	}
	if rep.usage.Total() == 0 {
		return
	}
	// AddUsage also sets the context gauge: keep the session's value.
	s, err := c.deps.Sessions.Get(ctx, sessionID)
	if err != nil {
		return
	}
	if err := c.deps.Sessions.AddUsage(ctx, sessionID, rep.usage, rep.cand.Spec.Cost(rep.usage), s.ContextTokens); err != nil {
		c.log.Error("add title usage", "session", sessionID, "err", err)
	}
}

// cleanTitle keeps the first non-empty line of a model's answer without
// quotes, markup, a "Title:" label or trailing punctuation.
func cleanTitle(s string) string {
	for line := range strings.Lines(s) {
		line = strings.TrimSpace(line)
		line = strings.TrimLeft(line, "#*-> ")
		if i := strings.Index(line, ":"); i >= 0 && strings.EqualFold(strings.TrimSpace(line[:i]), "title") {
			line = line[i+1:]
		}
		line = strings.Trim(line, " \t\"'`*_“”‘’")
		line = strings.TrimRightFunc(line, func(r rune) bool { return unicode.IsPunct(r) && r != ')' })
		if line != "" {
			return clipRunes(line, titleMaxRunes)
		}
	}
	return ""
}

// fallbackTitle is the prompt's first line, shortened.
func fallbackTitle(prompt string) string {
	for line := range strings.Lines(prompt) {
		if f := strings.Fields(line); len(f) > 0 {
			return clipRunes(strings.Join(f, " "), fallbackRunes)
		}
	}
	return "Untitled session"
}

func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
