package mcpauth

import (
	"net/http"
	"strings"
)

// challenge is what a 401 or 403 response asks for (RFC 6750 §3,
// RFC 9728 §5.1).
type challenge struct {
	// Status is the HTTP status of the response.
	Status int
	// ResourceMetadata is the protected resource metadata URL, if given.
	ResourceMetadata string
	// Scope is the scope the server requires, split at spaces.
	Scope []string
	// Error is the error code (invalid_token, insufficient_scope …).
	Error string
}

// challengeOf reads the Bearer challenge of res.
func challengeOf(res *http.Response) challenge {
	ch := challenge{Status: res.StatusCode}
	for _, h := range res.Header.Values("WWW-Authenticate") {
		params, ok := bearerParams(h)
		if !ok {
			continue
		}
		if v := params["resource_metadata"]; v != "" && ch.ResourceMetadata == "" {
			ch.ResourceMetadata = v
		}
		if v := params["scope"]; v != "" && ch.Scope == nil {
			ch.Scope = strings.Fields(v)
		}
		if v := params["error"]; v != "" && ch.Error == "" {
			ch.Error = v
		}
	}
	return ch
}

// bearerParams returns the auth-params of a Bearer challenge, with
// lowercased names; ok is false for other schemes.
func bearerParams(h string) (map[string]string, bool) {
	h = strings.TrimSpace(h)
	scheme, rest, _ := strings.Cut(h, " ")
	if !strings.EqualFold(scheme, "Bearer") {
		return nil, false
	}
	params := map[string]string{}
	for rest = strings.TrimSpace(rest); rest != ""; rest = strings.TrimLeft(rest, " \t,") {
		name, after, found := strings.Cut(rest, "=")
		if !found {
			break
		}
		name = strings.ToLower(strings.TrimSpace(name))
		value, remaining := paramValue(strings.TrimLeft(after, " \t"))
		params[name] = value
		rest = remaining
	}
	return params, true
}

// paramValue reads a quoted-string (with backslash escapes) or a token.
func paramValue(s string) (value, rest string) {
	if !strings.HasPrefix(s, `"`) {
		end := strings.IndexAny(s, ", \t")
		if end < 0 {
			return s, ""
		}
		return s[:end], s[end:]
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			}
		case '"':
			return b.String(), s[i+1:]
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), ""
}
