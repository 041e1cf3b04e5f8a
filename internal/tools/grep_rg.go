package tools

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
)

// grepRipgrep runs ripgrep for q and returns up to limit matches, in the
// same order and with the same file selection as grepWalk: hidden files
// searched, .git skipped, .gitignore honoured even outside a repository,
// other ignore sources off, symbolic links not followed, binary files
// skipped, sorted by path. The include glob is applied here rather than
// passed to rg, whose --glob would override .gitignore.
func grepRipgrep(ctx context.Context, rg string, q grepQuery, limit int) ([]grepMatch, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // stops rg once enough lines were read
	cmd := exec.CommandContext(ctx, rg, ripgrepArgs(q)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("run ripgrep: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("run ripgrep: %w", err)
	}
	var matches []grepMatch
	var readErr error
	lr := newLineReader(out, 4*grepMaxLineChars+4096)
	for len(matches) < limit {
		line, _, ok, err := lr.next()
		if err != nil || !ok {
			readErr = err
			break
		}
		if m, ok := parseRipgrepLine(line); ok && includes(q, m.path) {
			matches = append(matches, m)
		}
	}
	if len(matches) >= limit || readErr != nil {
		cancel() // enough, or the pipe broke: stop ripgrep
		_ = cmd.Wait()
		if readErr != nil {
			return nil, fmt.Errorf("read ripgrep output: %w", readErr)
		}
		return matches, nil
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case errors.As(err, &exit) && exit.ExitCode() == 1: // no match
	case errors.As(err, &exit) && exit.ExitCode() == 2 && len(matches) > 0: // some files unreadable
	default:
		return nil, fmt.Errorf("ripgrep: %v %s", err, strings.TrimSpace(stderr.String()))
	}
	return matches, nil
}

// ripgrepArgs are the arguments that make rg select and print like grepWalk.
func ripgrepArgs(q grepQuery) []string {
	args := []string{
		"--no-config", "--no-heading", "--with-filename", "--line-number", "--color=never", "--null",
		"--hidden", "--glob=!.git", "--no-require-git", "--no-ignore-dot", "--no-ignore-exclude",
		"--no-ignore-global", "--no-messages", "--sort=path",
	}
	if q.literal {
		args = append(args, "--fixed-strings")
	}
	return append(args, "--regexp="+q.pattern, "--", q.root)
}

// parseRipgrepLine parses "PATH\x00LINE:TEXT".
func parseRipgrepLine(s string) (grepMatch, bool) {
	path, rest, ok := strings.Cut(s, "\x00")
	if !ok {
		return grepMatch{}, false
	}
	num, text, ok := strings.Cut(rest, ":")
	n, err := strconv.Atoi(num)
	if !ok || err != nil {
		return grepMatch{}, false
	}
	return grepMatch{path: path, line: n, text: strings.TrimSuffix(text, "\r")}, true
}
