package config

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/honecode/hone/internal/redact"
)

// redacted replaces secret values in Redacted views: the same marker the
// text redaction of logs and errors uses.
const redacted = redact.Marker

// Redacted returns a copy of c safe for debug dumps and logs: API keys,
// header values and server environment values are replaced by
// "[redacted]" (references like "$VAR" are kept, they are not secrets).
func (c Config) Redacted() Config {
	out := c
	out.Providers = maps.Clone(c.Providers)
	for name, p := range out.Providers {
		p.APIKey = redactValue(p.APIKey)
		p.ExtraHeaders = redactMap(p.ExtraHeaders)
		out.Providers[name] = p
	}
	out.MCP = maps.Clone(c.MCP)
	for name, s := range out.MCP {
		s.Env = redactMap(s.Env)
		s.Headers = redactMap(s.Headers)
		if s.OAuth != nil {
			o := *s.OAuth
			o.ClientSecret, o.PrivateKey = redactValue(o.ClientSecret), redactValue(o.PrivateKey)
			s.OAuth = &o
		}
		out.MCP[name] = s
	}
	out.Options.WebSearch.APIKey = redactValue(c.Options.WebSearch.APIKey)
	out.Options.Sourcegraph.Token = redactValue(c.Options.Sourcegraph.Token)
	out.LSP = maps.Clone(c.LSP)
	for name, s := range out.LSP {
		s.Env = redactMap(s.Env)
		out.LSP[name] = s
	}
	return out
}

// Secrets lists the secret values of c — API keys, extra header values,
// MCP server environment and header values, language server environment
// values — for the redaction of logs and error texts. References like
// "$VAR" that were not expanded are left out.
func (c Config) Secrets() []string {
	var out []string
	add := func(vals ...string) {
		for _, v := range vals {
			if v != "" && !isEnvRef(v) {
				out = append(out, v)
			}
		}
	}
	for _, p := range c.Providers {
		add(p.APIKey)
		add(slices.Collect(maps.Values(p.ExtraHeaders))...)
	}
	for _, s := range c.MCP {
		add(slices.Collect(maps.Values(s.Env))...)
		add(slices.Collect(maps.Values(s.Headers))...)
	}
	for _, s := range c.LSP {
		add(slices.Collect(maps.Values(s.Env))...)
	}
	return out
}

// Secrets lists the keys and header values the usable providers send.
func (r *Resolved) Secrets() []string {
	if r == nil {
		return nil
	}
	var out []string
	for _, p := range r.Providers {
		out = append(out, p.APIKey)
		out = append(out, slices.Collect(maps.Values(p.Headers))...)
	}
	return out
}

func redactValue(s string) string {
	if s == "" || isEnvRef(s) {
		return s
	}
	return redacted
}

func redactMap(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = redactValue(v)
	}
	return out
}

// isEnvRef reports whether s is exactly one $VAR or ${VAR} reference.
func isEnvRef(s string) bool {
	rest, ok := strings.CutPrefix(s, "$")
	if !ok {
		return false
	}
	name, n := envName(rest)
	return name != "" && n == len(rest)
}

// providerJSON has Provider's fields without its methods.
type providerJSON Provider

// MarshalJSON writes the provider with its api_key only when that is an
// environment reference ("$ANTHROPIC_API_KEY"): a literal or expanded key
// is left out, so a key read from config or the environment can never be
// written back to a file, the database or a log by marshaling.
func (p Provider) MarshalJSON() ([]byte, error) {
	out := providerJSON(p)
	if !isEnvRef(out.APIKey) {
		out.APIKey = ""
	}
	return json.Marshal(out)
}
