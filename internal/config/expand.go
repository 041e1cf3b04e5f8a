package config

import (
	"sort"
	"strings"
)

// expandEnv replaces $VAR and ${VAR} in s with values from getenv; "$$" is
// a literal dollar sign, and a "$" not followed by a name stays as is. The
// names of variables that were unset or empty are returned in missing.
func expandEnv(s string, getenv func(string) string) (out string, missing []string) {
	if !strings.Contains(s, "$") {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '$' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		name, width := envName(s[i+1:])
		switch {
		case s[i+1] == '$':
			b.WriteByte('$')
			i++
		case name == "":
			b.WriteByte('$')
		default:
			v := getenv(name)
			if v == "" {
				missing = append(missing, name)
			}
			b.WriteString(v)
			i += width
		}
	}
	return b.String(), missing
}

// envName reads a variable name at the start of s, braced or bare, and
// returns it with the number of bytes it spans.
func envName(s string) (string, int) {
	if strings.HasPrefix(s, "{") {
		end := strings.IndexByte(s, '}')
		if end < 2 || !isName(s[1:end]) {
			return "", 0
		}
		return s[1:end], end + 1
	}
	n := 0
	for n < len(s) && (s[n] == '_' || isAlpha(s[n]) || n > 0 && s[n] >= '0' && s[n] <= '9') {
		n++
	}
	return s[:n], n
}

func isName(s string) bool {
	name, n := envName(s)
	return name != "" && n == len(s)
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// expander expands the fields of one layer that may reference the
// environment and reports unset variables as warnings at their paths.
type expander struct {
	getenv func(string) string
	warn   func(path, msg string)
}

func (e expander) str(path string, s *string) {
	out, missing := expandEnv(*s, e.getenv)
	for _, name := range missing {
		e.warn(path, "environment variable "+name+" is not set")
	}
	*s = out
}

func (e expander) list(path string, l []string) {
	for i := range l {
		e.str(joinIndex(path, i), &l[i])
	}
}

func (e expander) dict(path string, m map[string]string) {
	for _, k := range sortedKeys(m) {
		v := m[k]
		e.str(joinKey(path, k), &v)
		m[k] = v
	}
}

// expandConfig expands, in place, every field documented to accept
// environment references: provider api_key, base_url and extra_headers;
// MCP command, args, env, url, headers and oauth client_id,
// client_secret and private_key; LSP command, args and env.
func (e expander) expandConfig(c *Config) {
	for _, name := range sortedKeys(c.Providers) {
		p, path := c.Providers[name], joinKey("providers", name)
		e.str(joinKey(path, "api_key"), &p.APIKey)
		e.str(joinKey(path, "base_url"), &p.BaseURL)
		e.dict(joinKey(path, "extra_headers"), p.ExtraHeaders)
		c.Providers[name] = p
	}
	for _, name := range sortedKeys(c.MCP) {
		s, path := c.MCP[name], joinKey("mcp", name)
		e.str(joinKey(path, "command"), &s.Command)
		e.list(joinKey(path, "args"), s.Args)
		e.dict(joinKey(path, "env"), s.Env)
		e.str(joinKey(path, "url"), &s.URL)
		e.dict(joinKey(path, "headers"), s.Headers)
		if s.OAuth != nil {
			o := *s.OAuth
			e.str(joinKey(joinKey(path, "oauth"), "client_id"), &o.ClientID)
			e.str(joinKey(joinKey(path, "oauth"), "client_secret"), &o.ClientSecret)
			e.str(joinKey(joinKey(path, "oauth"), "private_key"), &o.PrivateKey)
			s.OAuth = &o
		}
		c.MCP[name] = s
	}
	for _, name := range sortedKeys(c.LSP) {
		s, path := c.LSP[name], joinKey("lsp", name)
		e.str(joinKey(path, "command"), &s.Command)
		e.list(joinKey(path, "args"), s.Args)
		e.dict(joinKey(path, "env"), s.Env)
		c.LSP[name] = s
	}
	e.expandSearch(&c.Options)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
