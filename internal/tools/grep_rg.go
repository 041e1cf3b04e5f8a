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

// grepRipgrep runs ripgrep for q and hands its matches to c, in the same
// order and with the same file selection as grepWalk: hidden files
// searched, .git skipped, .gitignore honoured even outside a repository,
// other ignore sources off, symbolic links not followed, binary files
// skipped, sorted by path. rg searches unsorted, with all its threads, and
// grepSorter orders what it prints. The include glob is applied here
// rather than passed to rg, whose --glob would override .gitignore.
func grepRipgrep(ctx context.Context, rg string, q grepQuery, c *grepCollector) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cmd := exec.CommandContext(ctx, rg, ripgrepArgs(q)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("run ripgrep: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("run ripgrep: %w", err)
	}
	sorter := newGrepSorter(c)
	lr := newLineReader(out, 4*grepMaxLineChars+4096)
	var readErr error
	for {
		line, _, ok, err := lr.next()
		if err != nil || !ok {
			readErr = err
			break
		}
		if m, ok := parseRipgrepLine(line); ok && includes(q, m.path) {
			sorter.add(m)
		}
	}
	if readErr != nil {
		cancel() // the pipe broke: stop ripgrep
		_ = cmd.Wait()
		return fmt.Errorf("read ripgrep output: %w", readErr)
	}
	err = cmd.Wait()
	sorter.flush()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.As(err, &exit) && exit.ExitCode() == 1: // no match
	case errors.As(err, &exit) && exit.ExitCode() == 2 && len(c.matches) > 0: // some files unreadable
	default:
		return fmt.Errorf("ripgrep: %v %s", err, strings.TrimSpace(stderr.String()))
	}
	return nil
}

// ripgrepArgs are the arguments that make rg select and print like grepWalk.
func ripgrepArgs(q grepQuery) []string {
	args := []string{
		"--no-config", "--no-heading", "--with-filename", "--line-number", "--color=never", "--null",
		"--hidden", "--glob=!.git", "--no-require-git", "--no-ignore-dot", "--no-ignore-exclude",
		"--no-ignore-global", "--no-messages",
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
