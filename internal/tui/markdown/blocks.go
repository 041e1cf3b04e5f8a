package markdown

import "strings"

// SplitBlocks cuts markdown source into top-level blocks. A block ends at a
// blank line outside a code fence when the next line starts in column one;
// indented continuations (list item paragraphs, indented code) stay in
// their block so that each block renders as it would inside the whole.
func SplitBlocks(src string) []string {
	lines := strings.Split(src, "\n")
	var blocks []string
	start := 0
	fence := ""
	for i, ln := range lines {
		trimmed := strings.TrimLeft(ln, " ")
		if fence != "" {
			if closesFence(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if f := openFence(trimmed); f != "" {
			fence = f
			continue
		}
		if strings.TrimSpace(ln) != "" || i+1 >= len(lines) {
			continue
		}
		next := lines[i+1]
		if next == "" || next[0] == ' ' || next[0] == '\t' {
			continue
		}
		blocks = appendBlock(blocks, lines[start:i])
		start = i + 1
	}
	return appendBlock(blocks, lines[start:])
}

// appendBlock adds the lines as one block without blank lines at its ends,
// unless they are all blank.
func appendBlock(blocks, lines []string) []string {
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return blocks
	}
	return append(blocks, strings.Join(lines, "\n"))
}

// openFence returns the fence marker (``` or ~~~, possibly longer) that a
// line opens, or "".
func openFence(line string) string {
	for _, c := range []byte{'`', '~'} {
		n := 0
		for n < len(line) && line[n] == c {
			n++
		}
		if n >= 3 {
			return line[:n]
		}
	}
	return ""
}

// closesFence reports whether line closes a fence opened with fence: the
// same character at least as many times, then only spaces.
func closesFence(line, fence string) bool {
	rest := strings.TrimLeft(line, fence[:1])
	return len(line)-len(rest) >= len(fence) && strings.TrimSpace(rest) == ""
}
