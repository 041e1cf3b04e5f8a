package mcpauth

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// identity returns the client to authorize as for redirectURI: the
// pre-registered one from config, a client ID metadata document URL, a
// registration Hone stored for this authorization server and redirect
// URI, or a new dynamic registration. c.mu is held.
func (c *Client) identity(ctx context.Context, rec *Record, d *discovery, redirectURI string) (ClientInfo, error) {
	switch {
	case c.cfg.ClientID != "":
		return c.configClient(d), nil
	case c.cfg.ClientMetadataURL != "" && d.AS.ClientIDMetadataDocumentSupported:
		return ClientInfo{ID: c.cfg.ClientMetadataURL, AuthMethod: authNone}, nil
	case rec.Client != nil && rec.Client.Issuer == d.AS.Issuer && rec.Client.RedirectURI == redirectURI:
		return *rec.Client, nil
	case d.AS.RegistrationEndpoint == "":
		return ClientInfo{}, errors.New("the authorization server offers no dynamic client registration; " +
			"set oauth.client_id (and client_secret) for this server")
	}
	reg, err := c.register(ctx, d, redirectURI)
	if err != nil {
		return ClientInfo{}, err
	}
	rec.Client = &reg
	return reg, c.store.Save(rec)
}

// configClient is the pre-registered client of the config, with the
// authentication method the server supports.
func (c *Client) configClient(d *discovery) ClientInfo {
	ci := ClientInfo{ID: c.cfg.ClientID, Secret: c.cfg.ClientSecret, AuthMethod: c.cfg.TokenEndpointAuthMethod}
	if ci.AuthMethod == "" {
		ci.AuthMethod = chooseAuthMethod(d.AS.TokenEndpointAuthMethodsSupported, ci.Secret != "", c.cfg.PrivateKey != "")
	}
	return ci
}

// chooseAuthMethod picks how a client with or without a secret (or a
// private key) authenticates, among the methods the server lists (none
// listed: client_secret_basic, the RFC 6749 default).
func chooseAuthMethod(supported []string, secret, key bool) string {
	switch {
	case key:
		return authPrivateKeyJWT
	case !secret:
		return authNone
	case len(supported) == 0 || slices.Contains(supported, authSecretBasic):
		return authSecretBasic
	case slices.Contains(supported, authSecretPost):
		return authSecretPost
	}
	return authSecretBasic
}

// register performs dynamic client registration (RFC 7591) of Hone as a
// native app with a loopback redirect URI.
func (c *Client) register(ctx context.Context, d *discovery, redirectURI string) (ClientInfo, error) {
	method := authNone
	if sup := d.AS.TokenEndpointAuthMethodsSupported; len(sup) > 0 && !slices.Contains(sup, authNone) {
		method = chooseAuthMethod(sup, true, false)
	}
	body, _ := json.Marshal(map[string]any{
		"client_name": c.name, "redirect_uris": []string{redirectURI},
		"grant_types": []string{"authorization_code", "refresh_token"}, "response_types": []string{"code"},
		"token_endpoint_auth_method": method,
	})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.AS.RegistrationEndpoint, bytes.NewReader(body))
	if err != nil {
		return ClientInfo{}, fmt.Errorf("client registration: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	res, err := c.http.Do(req)
	if err != nil {
		return ClientInfo{}, fmt.Errorf("client registration: %w", err)
	}
	defer res.Body.Close()
	var out struct {
		ClientID     string `json:"client_id"`
		ClientSecret string `json:"client_secret"`
		AuthMethod   string `json:"token_endpoint_auth_method"`
		OAuthError
	}
	decErr := json.NewDecoder(res.Body).Decode(&out)
	if res.StatusCode/100 != 2 || out.Code != "" {
		e := out.OAuthError
		e.Status = res.StatusCode
		return ClientInfo{}, fmt.Errorf("client registration: %w", &e)
	}
	if decErr != nil || out.ClientID == "" {
		return ClientInfo{}, fmt.Errorf("client registration: no client_id in the answer")
	}
	ci := ClientInfo{ID: out.ClientID, Secret: out.ClientSecret, AuthMethod: strings.TrimSpace(out.AuthMethod),
		RedirectURI: redirectURI, Issuer: d.AS.Issuer}
	if ci.AuthMethod == "" {
		ci.AuthMethod = chooseAuthMethod(d.AS.TokenEndpointAuthMethodsSupported, ci.Secret != "", false)
	}
	return ci, nil
}
