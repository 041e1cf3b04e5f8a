package permission

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/honecode/hone/internal/shell"
)

// ErrInvalidRule is matched (errors.Is) by every rule parsing error.
var ErrInvalidRule = errors.New("invalid permission rule")

// Rule is one allow or deny rule: a tool-name glob and an optional
// argument pattern, written tool or tool(pattern):
//
//	bash(go test*)   bash commands whose words start with "go test"
//	edit             every edit (edit, multiedit and write)
//	edit(src/**)     edits of files under src/ (relative to the project)
//	fetch            every fetch
//	mcp_fs_*         every tool of the MCP server fs
//
// For a request with a command (bash) the pattern is a glob over each
// command of the parsed line, where * matches anything including spaces.
// For a request with a path it is a doublestar glob over the path relative
// to the project (or over the absolute path when the pattern is absolute).
type Rule struct {
	// Tool is a glob over tool names (path.Match syntax).
	Tool string
	// Pattern is the argument pattern; "" matches every call.
	Pattern string
	// cmd is Pattern read as commands, for deny rules on commands.
	cmd shell.Pattern
}

// ParseRule parses a rule from the config. Errors quote the rule.
func ParseRule(s string) (Rule, error) {
	bad := func(reason string) (Rule, error) {
		return Rule{}, fmt.Errorf("%w %q: %s", ErrInvalidRule, s, reason)
	}
	text := strings.TrimSpace(s)
	if text == "" {
		return bad("empty rule")
	}
	r := Rule{Tool: text}
	if open := strings.IndexByte(text, '('); open >= 0 {
		if !strings.HasSuffix(text, ")") {
			return bad("missing closing parenthesis")
		}
		r.Tool, r.Pattern = strings.TrimSpace(text[:open]), strings.TrimSpace(text[open+1:len(text)-1])
		if r.Pattern == "" {
			return bad("empty pattern inside parentheses (write the tool name alone to match every call)")
		}
	}
	if r.Tool == "" {
		return bad("missing tool name")
	}
	if strings.Trim(r.Tool, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-*?") != "" {
		return bad("tool name may contain only letters, digits, _, - and the wildcards * and ?")
	}
	if _, err := path.Match(r.Tool, ""); err != nil {
		return bad("invalid tool name pattern")
	}
	if r.Tool == "bash" && r.Pattern == "*" {
		r.Pattern = ""
	}
	if r.Tool != "bash" && r.Pattern != "" && !doublestar.ValidatePattern(r.Pattern) {
		return bad("invalid path pattern")
	}
	if r.Pattern != "" {
		r.cmd = shell.ParsePattern(r.Pattern)
	}
	return r, nil
}

// ParseRules parses a list of rules; list names the config key for errors
// ("permissions.allow").
func ParseRules(list string, rules []string) ([]Rule, error) {
	out := make([]Rule, 0, len(rules))
	for i, s := range rules {
		r, err := ParseRule(s)
		if err != nil {
			return nil, fmt.Errorf("%s[%d]: %w", list, i, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// String returns the rule as written in the config.
func (r Rule) String() string {
	if r.Pattern == "" {
		return r.Tool
	}
	return r.Tool + "(" + r.Pattern + ")"
}

// matchesTool reports whether the rule names the tool. The name edit also
// covers multiedit and write, the other tools that change files.
func (r Rule) matchesTool(name string) bool {
	if r.Tool == "edit" && (name == "multiedit" || name == "write") {
		return true
	}
	ok, _ := path.Match(r.Tool, name)
	return ok
}

// matchesCommand reports whether the pattern matches one parsed command
// as written (allow rules).
func (r Rule) matchesCommand(c shell.Command) bool {
	return r.Pattern == "" || globMatch(r.Pattern, c.String())
}

// matchesPath reports whether the pattern matches the request's path,
// relative to projectDir when inside it.
func (r Rule) matchesPath(p, projectDir string) bool {
	if p == "" {
		return false
	}
	if filepath.IsAbs(r.Pattern) {
		ok, _ := doublestar.Match(filepath.ToSlash(r.Pattern), filepath.ToSlash(p))
		return ok
	}
	rel, err := filepath.Rel(projectDir, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	ok, _ := doublestar.Match(r.Pattern, filepath.ToSlash(rel))
	return ok
}

// globMatch matches s against a pattern where * matches any run of
// characters (spaces and slashes included) and ? any one character.
func globMatch(pattern, s string) bool {
	return shell.Glob(pattern, s)
}
