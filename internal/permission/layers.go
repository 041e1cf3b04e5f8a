package permission

import (
	"fmt"
	"slices"
)

// Rules is one config layer's permission settings.
type Rules struct {
	// Mode is "" when the layer does not set one.
	Mode  Mode
	Allow []string
	Deny  []string
	// Network are bash rules whose commands are allowed and may also use
	// the network inside the sandbox.
	Network []string
}

// MergeLayers combines the global config's rules with a project's so that
// a project (a checked-out repository, possibly someone else's) can only
// tighten them: its deny rules are added, its allow rules are dropped
// unless the global config already has them, and its mode is taken only
// when stricter (plan > default > accept-edits > auto > yolo). Each ignored
// setting yields a warning for the user.
func MergeLayers(global, project Rules) (Rules, []string) {
	out := Rules{
		Mode:    global.Mode,
		Allow:   slices.Clone(global.Allow),
		Deny:    append(slices.Clone(global.Deny), project.Deny...),
		Network: slices.Clone(global.Network),
	}
	var warnings []string
	for _, a := range project.Allow {
		if !slices.Contains(global.Allow, a) {
			warnings = append(warnings, fmt.Sprintf(
				"project config: allow rule %q ignored: a project can only tighten permissions; add it to the global config to use it", a))
		}
	}
	for _, n := range project.Network {
		if !slices.Contains(global.Network, n) {
			warnings = append(warnings, fmt.Sprintf(
				"project config: network rule %q ignored: a project can only tighten permissions; add it to the global config to use it", n))
		}
	}
	if project.Mode == "" || project.Mode == global.Mode {
		return out, warnings
	}
	switch {
	case project.Mode.strictness() < 0:
		warnings = append(warnings, fmt.Sprintf("project config: unknown permission mode %q ignored", project.Mode))
	case project.Mode.strictness() > global.Mode.strictness():
		out.Mode = project.Mode
	default:
		warnings = append(warnings, fmt.Sprintf(
			"project config: mode %q ignored: it is less strict than the global mode %q", project.Mode, effective(global.Mode)))
	}
	return out, warnings
}

// effective names the mode in force when m is unset.
func effective(m Mode) Mode {
	if m == "" {
		return ModeDefault
	}
	return m
}
