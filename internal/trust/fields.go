package trust

import "strings"

// Class says what a project config may contribute through a field.
type Class string

// Classes of project config fields.
const (
	// Safe fields always apply.
	Safe Class = "safe"
	// Ignored fields are never taken from a project config, trusted or
	// not (a warning says so).
	Ignored Class = "ignored"
	// UserProvider items apply when they name a provider the user
	// configured or a catalog provider; otherwise they need trust.
	UserProvider Class = "user-provider"
	// InProject items apply when the path stays inside the project;
	// otherwise they need trust.
	InProject Class = "in-project"
	// NeedsTrust fields apply only in a trusted project.
	NeedsTrust Class = "trust"
)

// Field is one row of the classification: a pattern of config paths and
// what a project may do with them. In a pattern, "*" matches any object
// key and "[]" any list item. A path no row matches needs trust.
type Field struct {
	Pattern string
	Class   Class
	// Why explains the class in a few words (docs/config.md mirrors it).
	Why string
}

// Fields is the classification of project config, the one place that
// decides what an untrusted project may contribute. It is an allowlist:
// anything it does not name needs trust.
func Fields() []Field {
	return []Field{
		{"$schema", Safe, "read by editors only"},
		{"models.routing", Safe, "chooses among the candidates"},
		{"models.escalate_on_tools", Safe, "chooses among the candidates"},
		{"models.escalate_after_tool_calls", Safe, "chooses among the candidates"},
		{"models.escalate_after_tokens", Safe, "chooses among the candidates"},
		{"models.*[]", UserProvider, "a candidate of a provider the user configured, or of a catalog provider"},
		{"models.*[].model", Safe, "part of such a candidate"},
		{"models.*[].max_tokens", Safe, "call option"},
		{"models.*[].reasoning_effort", Safe, "call option"},
		{"models.*[].temperature", Safe, "call option"},
		{"models.*[].top_p", Safe, "call option"},
		{"models.*[].provider_options", NeedsTrust, "adapter options can choose endpoints and accounts"},
		{"permissions.mode", Safe, "only a stricter mode applies"},
		{"permissions.deny", Safe, "deny rules only restrict"},
		{"permissions.allow", Ignored, "allow rules come only from the user's config"},
		{"permissions.network", Ignored, "network rules come only from the user's config"},
		{"options.max_steps", Safe, "limits a turn"},
		{"options.cooldowns", Safe, "failover timing"},
		{"options.stream_idle_timeout", Safe, "a timeout"},
		{"options.first_byte_timeout", Safe, "a timeout"},
		{"options.max_output_bytes", Safe, "limits an answer"},
		{"options.artifact_quota_mb", Safe, "limits saved tool output"},
		{"options.disable_auto_summarize", Safe, "output only"},
		{"options.disable_titles", Safe, "output only"},
		{"options.disabled_tools", Safe, "removes tools"},
		{"options.context_paths[]", InProject, "a file in the project; a path outside it needs trust"},
		{"options.system_prompt_file", InProject, "a file in the project; a path outside it needs trust"},
		{"options.append_system_prompt_file", InProject, "a file in the project; a path outside it needs trust"},
		{"options.skills_paths", NeedsTrust, "skills are instructions for the model, trusted like hooks"},
		{"options.shell_env_allow", NeedsTrust, "hands secret variables to commands"},
		{"options.web_search", NeedsTrust, "decides where queries and a search key go"},
		{"options.sourcegraph", NeedsTrust, "decides where queries and a token go"},
		{"options.tui", Safe, "looks and notifications of the interface"},
		{"providers.*", NeedsTrust, "decides where requests and API keys go"},
		{"mcp.*", NeedsTrust, "starts a program or contacts a server"},
		{"lsp.*", NeedsTrust, "starts a program"},
		{"hooks", NeedsTrust, "runs commands at agent events"},
	}
}

// Match is the outcome of Lookup for one config path.
type Match struct {
	Field Field
	// Found is set when a row names the path itself.
	Found bool
	// Container is set when no row names the path but some row names a
	// path below it: look at its members one by one.
	Container bool
}

// Lookup classifies a config path given as segments: object keys, and
// "[]" for a list item ("options", "context_paths", "[]").
func Lookup(segs []string) Match {
	var m Match
	for _, f := range Fields() {
		pat := splitPattern(f.Pattern)
		switch {
		case len(pat) == len(segs) && matchSegs(pat, segs):
			return Match{Field: f, Found: true}
		case len(pat) > len(segs) && matchSegs(pat[:len(segs)], segs):
			m.Container = true
		}
	}
	if !m.Container {
		m.Field = Field{Pattern: strings.Join(segs, "."), Class: NeedsTrust, Why: "not known to be safe"}
	}
	return m
}

// splitPattern turns "models.*[].model" into models, *, [], model.
func splitPattern(p string) []string {
	var out []string
	for _, s := range strings.Split(p, ".") {
		items := 0
		for strings.HasSuffix(s, "[]") {
			s, items = strings.TrimSuffix(s, "[]"), items+1
		}
		out = append(out, s)
		for range items {
			out = append(out, "[]")
		}
	}
	return out
}

func matchSegs(pat, segs []string) bool {
	for i, p := range pat {
		if p != segs[i] && !(p == "*" && segs[i] != "[]") {
			return false
		}
	}
	return true
}
