package mcp

import (
	"errors"
	"net/http"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/mcpauth"
)

// AuthOptions configure authorization of http and sse servers.
type AuthOptions struct {
	// Store keeps tokens and registrations (the data directory's).
	Store *mcpauth.Store
	// Open, when set, lets a server that needs the user's authorization
	// run the browser login while connecting (`hone mcp login`); nil
	// reports such a server as needing login.
	Open mcpauth.Opener
}

// httpClient is the HTTP client of an http or sse server: SSE streams that
// break off resume (compat.go), and unless the config sets its own
// Authorization header, requests carry the server's OAuth token.
func (s *server) httpClient() *http.Client {
	var rt http.RoundTripper = resumableSSE{next: http.DefaultTransport}
	if s.auth != nil {
		rt = s.auth.RoundTripper(rt)
	}
	return &http.Client{Transport: rt}
}

// authClient builds the server's OAuth client (kept for its life, so
// step-up bounds hold across reconnects), or nil when OAuth is off: no
// store configured, or an Authorization header in the config.
func (s *server) authClient() *mcpauth.Client {
	a := s.m.opts.Auth
	if a == nil || a.Store == nil || s.transport == TransportStdio || hasAuthorization(s.cfg.Headers) {
		return nil
	}
	return mcpauth.New(mcpauth.Options{
		Server: s.name, URL: s.cfg.URL, Config: AuthConfig(s.cfg.OAuth), Store: a.Store, Open: a.Open,
	})
}

// AuthConfig converts the config's oauth object.
func AuthConfig(o *config.MCPOAuth) mcpauth.Config {
	if o == nil {
		return mcpauth.Config{}
	}
	return mcpauth.Config{
		ClientID: o.ClientID, ClientSecret: o.ClientSecret, ClientMetadataURL: o.ClientMetadataURL,
		TokenEndpointAuthMethod: o.TokenEndpointAuthMethod, Scopes: o.Scopes,
		ClientCredentials: o.Grant == "client_credentials", PrivateKey: o.PrivateKey,
		SigningAlgorithm: o.SigningAlgorithm, RedirectPort: o.RedirectPort,
	}
}

func hasAuthorization(h map[string]string) bool {
	for k := range h {
		if http.CanonicalHeaderKey(k) == "Authorization" {
			return true
		}
	}
	return false
}

// stateOf is the state a failed (re)start leaves: needs login when only
// the user's authorization is missing.
func stateOf(err error) State {
	if errors.Is(err, mcpauth.ErrNeedsLogin) {
		return StateNeedsLogin
	}
	return StateFailed
}

// loginReason is the reason to show for err: for a missing login just the
// NeedsLoginError (without the transport's wrapping).
func loginReason(err error) string {
	var nl *mcpauth.NeedsLoginError
	if errors.As(err, &nl) {
		return nl.Error()
	}
	return err.Error()
}
