package config

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// Permission modes, from the loosest to the strictest.
const (
	ModeYolo        = "yolo"         // everything allowed
	ModeAuto        = "auto"         // edits inside the project, every command in the sandbox
	ModeAcceptEdits = "accept-edits" // file edits inside the project allowed
	ModeDefault     = "default"      // ask for writes, execution and network
	ModePlan        = "plan"         // read-only: writes refused
)

// ModeStrictness ranks a mode: a higher number is stricter (plan > default
// > accept-edits > auto > yolo). The empty mode counts as default; ok is
// false for an unknown mode.
func ModeStrictness(mode string) (rank int, ok bool) {
	switch mode {
	case ModeYolo:
		return 0, true
	case ModeAuto:
		return 1, true
	case ModeAcceptEdits:
		return 2, true
	case ModeDefault, "":
		return 3, true
	case ModePlan:
		return 4, true
	}
	return -1, false
}

// ErrBadRule is matched (errors.Is) by every checkRule error.
var ErrBadRule = errors.New("invalid permission rule")

// checkRule checks a permission rule's syntax the way the permission
// service parses it (permission.ParseRule is the authority; a test in
// internal/cmd keeps the two in step): a tool name of letters, digits,
// _ and - with * and ? wildcards, optionally followed by a non-empty
// pattern in parentheses that ends the rule; a pattern of a tool other
// than bash must be a valid path glob.
func checkRule(s string) error {
	bad := func(why string) error { return fmt.Errorf("%w %q: %s", ErrBadRule, s, why) }
	text := strings.TrimSpace(s)
	if text == "" {
		return bad("empty rule")
	}
	tool, pattern, hasPattern := strings.Cut(text, "(")
	tool = strings.TrimSpace(tool)
	if hasPattern {
		inner, closed := strings.CutSuffix(pattern, ")")
		if !closed {
			return bad("missing \")\" at the end")
		}
		if pattern = strings.TrimSpace(inner); pattern == "" {
			return bad("empty pattern in parentheses")
		}
	}
	if tool == "" {
		return bad("missing tool name before \"(\"")
	}
	if i := strings.IndexFunc(tool, func(r rune) bool { return !toolNameRune(r) }); i >= 0 {
		return bad(fmt.Sprintf("invalid character %q in tool name", tool[i]))
	}
	if hasPattern && tool != "bash" && !doublestar.ValidatePattern(pattern) {
		return bad("invalid path pattern")
	}
	return nil
}

func toolNameRune(r rune) bool {
	return r == '_' || r == '-' || r == '*' || r == '?' ||
		r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

// mergePermissions applies one layer's permissions to dst. User layers
// (global, --config, flags) set the mode and add rules. A project layer
// can only tighten: its deny rules add, its allow rules are dropped with a
// warning, and its mode applies only when stricter than the mode so far.
func mergePermissions(dst *Permissions, src Permissions, project bool, warn func(path, msg string)) {
	dst.Deny = appendNew(dst.Deny, src.Deny...)
	if !project {
		dst.Allow = appendNew(dst.Allow, src.Allow...)
		dst.Network = appendNew(dst.Network, src.Network...)
		if src.Mode != "" {
			dst.Mode = src.Mode
		}
		return
	}
	for i, rule := range src.Allow {
		warn(joinIndex("permissions.allow", i),
			fmt.Sprintf("allow rule %q ignored: a project config can only tighten permissions (put allow rules in the global config)", rule))
	}
	for i, rule := range src.Network {
		warn(joinIndex("permissions.network", i),
			fmt.Sprintf("network rule %q ignored: a project config can only tighten permissions (put network rules in the global config)", rule))
	}
	if src.Mode == "" {
		return
	}
	have, _ := ModeStrictness(dst.Mode)
	want, ok := ModeStrictness(src.Mode)
	switch {
	case !ok:
		// reported by validation
	case want > have:
		dst.Mode = src.Mode
	case want < have:
		cur := dst.Mode
		if cur == "" {
			cur = ModeDefault
		}
		warn("permissions.mode", fmt.Sprintf("mode %q ignored: it is looser than %q and a project config can only tighten permissions", src.Mode, cur))
	}
}

func appendNew(dst []string, items ...string) []string {
	for _, s := range items {
		if !slices.Contains(dst, s) {
			dst = append(dst, s)
		}
	}
	return dst
}
