// Package mcpauth is Hone's client side of MCP authorization (OAuth 2.1):
// it finds out how a remote MCP server wants to be authorized, obtains
// tokens and keeps them fresh.
//
// A Client serves one configured server. Its RoundTripper adds the bearer
// token to every request and answers the server's challenges: a 401 is met
// by refreshing the token, by the client credentials grant when configured,
// or by the authorization code flow with PKCE when an Opener (a person with
// a browser) is available; a 403 insufficient_scope by authorizing again
// with the wider scope (step-up), a bounded number of times. Without an
// Opener an authorization the user must give ends in a NeedsLoginError,
// which `hone mcp login` resolves.
//
// Discovery follows the MCP authorization spec: protected resource
// metadata (RFC 9728) from the challenge's resource_metadata or the
// well-known URLs (path-based first), whose resource must name this
// server; authorization server metadata (RFC 8414, then OpenID Connect
// discovery); the 2025-03-26 fallbacks (metadata at the server's origin,
// then /authorize, /token and /register there). The client identifies
// itself with a pre-registered client_id from config, a client ID
// metadata document URL when the server supports those, or dynamic client
// registration (RFC 7591). Tokens and registrations live in one file per
// server in the data directory, mode 0600, never in config or logs.
package mcpauth
