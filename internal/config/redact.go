package config

import (
	"encoding/json"
	"maps"
	"strings"
)

// redacted replaces secret values in Redacted views.
const redacted = "[redacted]"

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
