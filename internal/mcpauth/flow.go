package mcpauth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// callbackPath is the path of the loopback redirect URI.
const callbackPath = "/callback"

// login runs the authorization code flow with PKCE: it listens on a
// loopback port, shows the authorization URL through the Opener, waits
// for the browser to come back with the code and exchanges it. c.mu is
// held.
func (c *Client) login(ctx context.Context, rec *Record, d *discovery, scope []string) error {
	if m := d.AS.CodeChallengeMethodsSupported; len(m) > 0 && !slices.Contains(m, "S256") {
		return errors.New("the authorization server does not support PKCE with S256; Hone will not authorize without it")
	}
	ln, err := c.listen(rec)
	if err != nil {
		return err
	}
	defer ln.Close()
	redirectURI := "http://" + ln.Addr().String() + callbackPath
	client, err := c.identity(ctx, rec, d, redirectURI)
	if err != nil {
		return err
	}
	verifier, state := randomString(32), randomString(16)
	authURL, err := authorizationURL(d, client.ID, redirectURI, state, verifier, scope)
	if err != nil {
		return err
	}
	c.requested = scope
	code, err := c.await(ctx, ln, state, authURL)
	if err != nil {
		return err
	}
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code},
		"redirect_uri": {redirectURI}, "code_verifier": {verifier}}
	target := targetOf(d)
	tok, err := c.tokenRequest(ctx, target, client, form)
	if err != nil {
		return fmt.Errorf("exchange authorization code: %w", err)
	}
	return c.saveToken(rec, target, tok, scope)
}

// listen opens the loopback listener: on the configured port, else on the
// port of the stored registration's redirect URI (so it stays valid),
// else on any free port.
func (c *Client) listen(rec *Record) (net.Listener, error) {
	port := c.cfg.RedirectPort
	if port == 0 && rec.Client != nil {
		if u, err := url.Parse(rec.Client.RedirectURI); err == nil {
			port, _ = strconv.Atoi(u.Port())
		}
	}
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil && c.cfg.RedirectPort == 0 && port != 0 {
		ln, err = net.Listen("tcp", "127.0.0.1:0")
	}
	if err != nil {
		return nil, fmt.Errorf("loopback redirect listener: %w", err)
	}
	return ln, nil
}

// authorizationURL builds the authorization request (RFC 6749 §4.1.1 with
// PKCE, RFC 7636, and the resource indicator, RFC 8707).
func authorizationURL(d *discovery, clientID, redirectURI, state, verifier string, scope []string) (string, error) {
	u, err := url.Parse(d.AS.AuthorizationEndpoint)
	if err != nil || u.Scheme == "" {
		return "", fmt.Errorf("authorization endpoint %q is not a URL", d.AS.AuthorizationEndpoint)
	}
	sum := sha256.Sum256([]byte(verifier))
	q := u.Query()
	q.Set("response_type", "code")
	q.Set("client_id", clientID)
	q.Set("redirect_uri", redirectURI)
	q.Set("state", state)
	q.Set("code_challenge", base64.RawURLEncoding.EncodeToString(sum[:]))
	q.Set("code_challenge_method", "S256")
	if len(scope) > 0 {
		q.Set("scope", strings.Join(scope, " "))
	}
	if d.Resource != "" {
		q.Set("resource", d.Resource)
	}
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// callback is what the redirect brought back.
type callback struct {
	code string
	err  error
}

// await serves the redirect on ln, opens authURL and returns the code the
// browser brings back with the expected state.
func (c *Client) await(ctx context.Context, ln net.Listener, state, authURL string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, c.wait)
	defer cancel()
	got := make(chan callback, 1)
	srv := &http.Server{Handler: callbackHandler(state, got), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	if err := c.open(ctx, authURL); err != nil {
		return "", fmt.Errorf("open the authorization page: %w", err)
	}
	select {
	case cb := <-got:
		return cb.code, cb.err
	case <-ctx.Done():
		return "", fmt.Errorf("waiting for the browser to come back: %w", ctx.Err())
	}
}

// callbackHandler answers the browser's redirect and sends the outcome
// once; requests with another state are refused and ignored.
func callbackHandler(state string, got chan<- callback) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if r.URL.Path != callbackPath || q.Get("state") != state {
			http.Error(w, "unknown or stale authorization response", http.StatusBadRequest)
			return
		}
		cb := callback{code: q.Get("code")}
		if e := q.Get("error"); e != "" {
			cb.err = &OAuthError{Code: e, Description: q.Get("error_description")}
		} else if cb.code == "" {
			cb.err = errors.New("the authorization response has no code")
		}
		select {
		case got <- cb:
		default:
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if cb.err != nil {
			fmt.Fprintf(w, "Hone: authorization failed: %v\n", cb.err)
			return
		}
		fmt.Fprintln(w, "Hone is authorized. You can close this tab.")
	})
}

// randomString returns n random bytes, base64url-encoded.
func randomString(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
