package mcpauth

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
)

// maxAuthorizations bounds the authorizations one request may trigger.
const maxAuthorizations = 3

// RoundTripper returns the http.RoundTripper that authorizes requests to
// the server over next.
func (c *Client) RoundTripper(next http.RoundTripper) http.RoundTripper {
	return roundTripper{c: c, next: next}
}

type roundTripper struct {
	c    *Client
	next http.RoundTripper
}

// RoundTrip sends req with the current token and answers a 401, or a 403
// insufficient_scope, by authorizing and sending it again.
func (rt roundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	body, err := readBody(req)
	if err != nil {
		return nil, err
	}
	for attempt := 0; ; attempt++ {
		tok := rt.c.token(req.Context())
		res, err := rt.next.RoundTrip(withToken(req, tok, body))
		if err != nil {
			return nil, err
		}
		ch := challengeOf(res)
		if !needsAuthorization(ch) {
			if res.StatusCode/100 == 2 {
				rt.c.succeeded()
			}
			return res, nil
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
		res.Body.Close()
		if attempt == maxAuthorizations {
			return nil, fmt.Errorf("server %s still refuses authorization (status %d)", rt.c.server, ch.Status)
		}
		if err := rt.c.authorize(req.Context(), ch, tok); err != nil {
			return nil, err
		}
	}
}

// needsAuthorization reports whether a response asks for (more)
// authorization.
func needsAuthorization(ch challenge) bool {
	return ch.Status == http.StatusUnauthorized ||
		ch.Status == http.StatusForbidden && ch.Error == "insufficient_scope"
}

// readBody reads req's body so that it can be sent again.
func readBody(req *http.Request) ([]byte, error) {
	if req.Body == nil || req.Body == http.NoBody {
		return nil, nil
	}
	defer req.Body.Close()
	b, err := io.ReadAll(req.Body)
	if err != nil {
		return nil, fmt.Errorf("read request body: %w", err)
	}
	return b, nil
}

// withToken is a copy of req with body and, when tok is set, the bearer
// token (a configured Authorization header is kept otherwise).
func withToken(req *http.Request, tok string, body []byte) *http.Request {
	out := req.Clone(req.Context())
	if body != nil {
		out.Body = io.NopCloser(bytes.NewReader(body))
		out.ContentLength = int64(len(body))
		out.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	}
	if tok != "" {
		out.Header.Set("Authorization", "Bearer "+tok)
	}
	return out
}

// Logout forgets the server's tokens and registration.
func (c *Client) Logout() (bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.store.Delete(c.server, c.url)
}

// ForgetToken drops the stored token but keeps the registration, so that
// the next authorization asks the user again (`hone mcp login`).
func (c *Client) ForgetToken() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	rec, err := c.store.Load(c.server, c.url)
	if err != nil || rec.Token == nil {
		return err
	}
	rec.Token = nil
	return c.store.Save(rec)
}
