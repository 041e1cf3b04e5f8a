package mcpauth

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// refresh replaces rec's token using its refresh token. c.mu is held.
func (c *Client) refresh(ctx context.Context, rec *Record) error {
	if rec.Token == nil || rec.Token.RefreshToken == "" || rec.Target.TokenEndpoint == "" {
		return errors.New("no refresh token")
	}
	client, err := c.storedClient(rec)
	if err != nil {
		return err
	}
	form := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {rec.Token.RefreshToken}}
	tok, err := c.tokenRequest(ctx, &rec.Target, client, form)
	if err != nil {
		return fmt.Errorf("refresh token: %w", err)
	}
	if tok.RefreshToken == "" {
		tok.RefreshToken = rec.Token.RefreshToken
	}
	if tok.Scope == "" {
		tok.Scope = rec.Token.Scope
	}
	rec.Token = tok
	return c.store.Save(rec)
}

// storedClient is the client a stored token was issued to: the config's,
// or the stored registration.
func (c *Client) storedClient(rec *Record) (ClientInfo, error) {
	if c.cfg.ClientID != "" {
		return c.configClient(&discovery{}), nil
	}
	if rec.Client == nil {
		return ClientInfo{}, errors.New("no client registration")
	}
	return *rec.Client, nil
}

// clientCredentials gets a token with the client credentials grant.
// c.mu is held.
func (c *Client) clientCredentials(ctx context.Context, rec *Record, d *discovery, scope []string) error {
	if c.cfg.ClientID == "" {
		return errors.New("the client credentials grant needs oauth.client_id")
	}
	form := url.Values{"grant_type": {"client_credentials"}}
	if len(scope) > 0 {
		form.Set("scope", strings.Join(scope, " "))
	}
	target := targetOf(d)
	tok, err := c.tokenRequest(ctx, target, c.configClient(d), form)
	if err != nil {
		return fmt.Errorf("client credentials: %w", err)
	}
	c.requested = scope
	return c.saveToken(rec, target, tok, scope)
}

// saveToken stores a newly obtained token for target.
func (c *Client) saveToken(rec *Record, target *tokenTarget, tok *Token, scope []string) error {
	if tok.Scope == "" {
		tok.Scope = strings.Join(scope, " ")
	}
	rec.Target, rec.Token, rec.WantScope = *target, tok, nil
	return c.store.Save(rec)
}
