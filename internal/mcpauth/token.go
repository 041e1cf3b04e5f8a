package mcpauth

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Token endpoint client authentication methods (RFC 7591 §2, RFC 7523).
const (
	authNone          = "none"
	authSecretBasic   = "client_secret_basic"
	authSecretPost    = "client_secret_post"
	authPrivateKeyJWT = "private_key_jwt"
)

// Token is an access token and what came with it.
type Token struct {
	AccessToken  string    `json:"access_token"`
	TokenType    string    `json:"token_type,omitempty"`
	RefreshToken string    `json:"refresh_token,omitempty"`
	Expiry       time.Time `json:"expiry,omitzero"`
	Scope        string    `json:"scope,omitempty"`
}

// expired reports whether the token is past (or within a minute of) its
// expiry.
func (t *Token) expired(now time.Time) bool {
	return !t.Expiry.IsZero() && now.Add(time.Minute).After(t.Expiry)
}

// OAuthError is an error answer of an authorization server (RFC 6749 §5.2).
type OAuthError struct {
	Status      int
	Code        string `json:"error"`
	Description string `json:"error_description"`
}

func (e *OAuthError) Error() string {
	msg := fmt.Sprintf("authorization server: %s", e.Code)
	if e.Code == "" {
		msg = fmt.Sprintf("authorization server: status %d", e.Status)
	}
	if e.Description != "" {
		msg += ": " + e.Description
	}
	return msg
}

// tokenRequest posts form to the token endpoint of d, authenticated as
// client, and returns the token.
func (c *Client) tokenRequest(ctx context.Context, d *tokenTarget, client ClientInfo, form url.Values) (*Token, error) {
	if d.Resource != "" {
		form.Set("resource", d.Resource)
	}
	method := client.AuthMethod
	switch method {
	case authSecretPost:
		form.Set("client_id", client.ID)
		form.Set("client_secret", client.Secret)
	case authPrivateKeyJWT:
		assertion, err := c.clientAssertion(client.ID, d.Audience())
		if err != nil {
			return nil, err
		}
		form.Set("client_id", client.ID)
		form.Set("client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer")
		form.Set("client_assertion", assertion)
	case authSecretBasic:
	default:
		form.Set("client_id", client.ID)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.TokenEndpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, fmt.Errorf("token request: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	if method == authSecretBasic {
		// RFC 6749 §2.3.1: both are form-encoded before Basic encoding.
		req.SetBasicAuth(url.QueryEscape(client.ID), url.QueryEscape(client.Secret))
	}
	res, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("token request: %w", err)
	}
	defer res.Body.Close()
	return readToken(res, time.Now())
}

// readToken decodes a token response; an error field wins over the status
// (some servers answer errors with 200).
func readToken(res *http.Response, now time.Time) (*Token, error) {
	body, err := io.ReadAll(io.LimitReader(res.Body, maxMetadata))
	if err != nil {
		return nil, fmt.Errorf("read token response: %w", err)
	}
	var raw struct {
		Token
		ExpiresIn json.Number `json:"expires_in"`
		OAuthError
	}
	jsonErr := json.Unmarshal(body, &raw)
	if raw.Code != "" || res.StatusCode/100 != 2 {
		e := raw.OAuthError
		e.Status = res.StatusCode
		return nil, &e
	}
	if jsonErr != nil {
		return nil, fmt.Errorf("decode token response: %w", jsonErr)
	}
	if raw.AccessToken == "" {
		return nil, fmt.Errorf("token response has no access_token")
	}
	t := raw.Token
	if secs, err := raw.ExpiresIn.Int64(); err == nil && secs > 0 {
		t.Expiry = now.Add(time.Duration(secs) * time.Second)
	}
	return &t, nil
}

// tokenTarget is where tokens come from: the token endpoint, the issuer
// (the audience of client assertions) and the resource they are for.
type tokenTarget struct {
	TokenEndpoint string `json:"token_endpoint"`
	Issuer        string `json:"issuer,omitempty"`
	Resource      string `json:"resource,omitempty"`
}

// Audience is the audience of a client assertion: the issuer, or the
// token endpoint when the server named none.
func (t *tokenTarget) Audience() string {
	if t.Issuer != "" {
		return t.Issuer
	}
	return t.TokenEndpoint
}

func targetOf(d *discovery) *tokenTarget {
	return &tokenTarget{TokenEndpoint: d.AS.TokenEndpoint, Issuer: d.AS.Issuer, Resource: d.Resource}
}
