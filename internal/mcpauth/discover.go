package mcpauth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// ErrResourceMismatch means the protected resource metadata names another
// resource than the configured server: Hone does not authorize for it.
var ErrResourceMismatch = errors.New("protected resource metadata names another resource")

// maxMetadata bounds a metadata document.
const maxMetadata = 1 << 20

// resourceMetadata is protected resource metadata (RFC 9728 §2).
type resourceMetadata struct {
	Resource             string   `json:"resource"`
	AuthorizationServers []string `json:"authorization_servers"`
	ScopesSupported      []string `json:"scopes_supported"`
}

// serverMetadata is authorization server metadata (RFC 8414 §2, with the
// client ID metadata document flag).
type serverMetadata struct {
	Issuer                            string   `json:"issuer"`
	AuthorizationEndpoint             string   `json:"authorization_endpoint"`
	TokenEndpoint                     string   `json:"token_endpoint"`
	RegistrationEndpoint              string   `json:"registration_endpoint"`
	ScopesSupported                   []string `json:"scopes_supported"`
	GrantTypesSupported               []string `json:"grant_types_supported"`
	TokenEndpointAuthMethodsSupported []string `json:"token_endpoint_auth_methods_supported"`
	CodeChallengeMethodsSupported     []string `json:"code_challenge_methods_supported"`
	ClientIDMetadataDocumentSupported bool     `json:"client_id_metadata_document_supported"`
}

// discovery is what Hone learned about how to authorize for one server.
type discovery struct {
	// Resource is the resource indicator (RFC 8707) to send; "" when the
	// server publishes no protected resource metadata (2025-03-26 servers).
	Resource        string
	ScopesSupported []string
	AS              serverMetadata
}

// discover finds the authorization server of the MCP server at serverURL.
func (c *Client) discover(ctx context.Context, ch challenge) (*discovery, error) {
	prm, err := c.resourceMetadata(ctx, ch.ResourceMetadata)
	if err != nil {
		return nil, err
	}
	d := &discovery{}
	asURL := origin(c.url)
	if prm != nil {
		if !resourceAllowed(c.url, prm.Resource) {
			return nil, fmt.Errorf("%w: %q is not %s", ErrResourceMismatch, prm.Resource, c.url)
		}
		if len(prm.AuthorizationServers) == 0 {
			return nil, errors.New("protected resource metadata names no authorization server")
		}
		d.Resource, d.ScopesSupported, asURL = prm.Resource, prm.ScopesSupported, prm.AuthorizationServers[0]
	}
	as, err := c.authServerMetadata(ctx, asURL)
	if err != nil {
		return nil, err
	}
	d.AS = *as
	return d, nil
}

// resourceMetadata fetches the protected resource metadata: from the
// challenge's URL, else the path-based well-known URL, else the root one.
// It returns nil when the server publishes none.
func (c *Client) resourceMetadata(ctx context.Context, fromChallenge string) (*resourceMetadata, error) {
	var candidates []string
	if fromChallenge != "" {
		candidates = append(candidates, fromChallenge)
	}
	u, err := url.Parse(c.url)
	if err != nil {
		return nil, fmt.Errorf("server url: %w", err)
	}
	if p := strings.TrimSuffix(u.Path, "/"); p != "" {
		candidates = append(candidates, origin(c.url)+"/.well-known/oauth-protected-resource"+p)
	}
	candidates = append(candidates, origin(c.url)+"/.well-known/oauth-protected-resource")
	for _, cand := range candidates {
		var prm resourceMetadata
		ok, err := c.getJSON(ctx, cand, &prm)
		if err != nil {
			return nil, err
		}
		if ok {
			return &prm, nil
		}
	}
	return nil, nil
}

// authServerMetadata fetches the metadata of the authorization server at
// issuer (RFC 8414 §3.1 path insertion, then OpenID Connect discovery),
// falling back to the default endpoints under its origin.
func (c *Client) authServerMetadata(ctx context.Context, issuer string) (*serverMetadata, error) {
	u, err := url.Parse(issuer)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return nil, fmt.Errorf("authorization server %q is not an absolute URL", issuer)
	}
	for _, cand := range metadataURLs(u) {
		var m serverMetadata
		ok, err := c.getJSON(ctx, cand, &m)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if err := m.check(issuer); err != nil {
			return nil, fmt.Errorf("authorization server metadata %s: %w", cand, err)
		}
		return &m, nil
	}
	base := origin(issuer)
	return &serverMetadata{
		Issuer: base, AuthorizationEndpoint: base + "/authorize",
		TokenEndpoint: base + "/token", RegistrationEndpoint: base + "/register",
	}, nil
}

// metadataURLs lists where an issuer's metadata may be, in the order the
// MCP spec gives.
func metadataURLs(issuer *url.URL) []string {
	base := issuer.Scheme + "://" + issuer.Host
	p := strings.Trim(issuer.Path, "/")
	if p == "" {
		return []string{base + "/.well-known/oauth-authorization-server", base + "/.well-known/openid-configuration"}
	}
	return []string{
		base + "/.well-known/oauth-authorization-server/" + p,
		base + "/.well-known/openid-configuration/" + p,
		base + "/" + p + "/.well-known/openid-configuration",
	}
}

// check rejects metadata whose endpoints are not http(s) URLs, or whose
// issuer lives at another origin than the one it was fetched for. (Some
// servers publish their origin as the issuer of a tenant path, so only the
// origin is compared.)
func (m *serverMetadata) check(issuer string) error {
	if m.Issuer != "" && !strings.EqualFold(origin(m.Issuer), origin(issuer)) {
		return fmt.Errorf("issuer %q does not belong to %q", m.Issuer, issuer)
	}
	for name, v := range map[string]string{
		"authorization_endpoint": m.AuthorizationEndpoint, "token_endpoint": m.TokenEndpoint,
		"registration_endpoint": m.RegistrationEndpoint,
	} {
		if v == "" {
			continue
		}
		if u, err := url.Parse(v); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return fmt.Errorf("%s %q is not an http(s) URL", name, v)
		}
	}
	if m.TokenEndpoint == "" {
		return errors.New("no token_endpoint")
	}
	return nil
}

// getJSON GETs u into v; ok is false when the server has no such document
// (any status but 200).
func (c *Client) getJSON(ctx context.Context, u string, v any) (ok bool, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return false, fmt.Errorf("metadata url %q: %w", u, err)
	}
	req.Header.Set("Accept", "application/json")
	res, err := c.http.Do(req)
	if err != nil {
		return false, fmt.Errorf("fetch %s: %w", u, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, maxMetadata))
		return false, nil
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, maxMetadata)).Decode(v); err != nil {
		return false, fmt.Errorf("decode %s: %w", u, err)
	}
	return true, nil
}

// resourceAllowed reports whether the resource a server's metadata names
// covers serverURL: same origin, and its path a prefix of the server's
// path at a segment boundary.
func resourceAllowed(serverURL, resource string) bool {
	s, err1 := url.Parse(serverURL)
	r, err2 := url.Parse(resource)
	if err1 != nil || err2 != nil || r.Fragment != "" {
		return false
	}
	if !strings.EqualFold(s.Scheme, r.Scheme) || !strings.EqualFold(s.Host, r.Host) {
		return false
	}
	rp, sp := strings.TrimSuffix(r.Path, "/"), strings.TrimSuffix(s.Path, "/")
	return rp == "" || sp == rp || strings.HasPrefix(sp, rp+"/")
}

// origin is scheme://host of u ("" when u does not parse).
func origin(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return ""
	}
	return p.Scheme + "://" + p.Host
}
