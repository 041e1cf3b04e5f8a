package mcpauth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// Config is one server's OAuth settings (the `oauth` object of an MCP
// server in hone.json, with $VAR references expanded).
type Config struct {
	// ClientID and ClientSecret are a pre-registered client.
	ClientID     string
	ClientSecret string
	// ClientMetadataURL is the URL of a client ID metadata document, used
	// as client_id where the authorization server supports those.
	ClientMetadataURL string
	// TokenEndpointAuthMethod overrides how the client authenticates.
	TokenEndpointAuthMethod string
	// Scopes replace the scope Hone would pick.
	Scopes []string
	// ClientCredentials selects the client credentials grant (no user).
	ClientCredentials bool
	// PrivateKey (PEM) authenticates the client with private_key_jwt,
	// signed with SigningAlgorithm (default: by key type).
	PrivateKey       string
	SigningAlgorithm string
	// RedirectPort fixes the loopback redirect port (0: any free port).
	RedirectPort int
}

// Opener shows the user an authorization URL (opens a browser, prints it).
// The user's browser then reaches the loopback redirect listener.
type Opener func(ctx context.Context, authURL string) error

// Options build a Client.
type Options struct {
	// Server is the configured name, URL the MCP endpoint.
	Server string
	URL    string
	Config Config
	Store  *Store
	// HTTP sends metadata, registration and token requests (nil: a client
	// with a 30 s timeout).
	HTTP *http.Client
	// Open, when set, lets the client run the authorization code flow; nil
	// turns every authorization that needs the user into a NeedsLoginError.
	Open Opener
	// ClientName is sent in dynamic registration (default "Hone").
	ClientName string
	// LoginTimeout bounds waiting for the browser (default 5 min).
	LoginTimeout time.Duration
}

// NeedsLoginError says the server needs an authorization only the user
// can give: run `hone mcp login SERVER`.
type NeedsLoginError struct {
	Server string
	Reason string
}

func (e *NeedsLoginError) Error() string {
	return fmt.Sprintf("%s; run `hone mcp login %s`", e.Reason, e.Server)
}

// ErrNeedsLogin matches every NeedsLoginError with errors.Is.
var ErrNeedsLogin = errors.New("needs login")

// Is makes errors.Is(err, ErrNeedsLogin) true.
func (e *NeedsLoginError) Is(target error) bool { return target == ErrNeedsLogin }

// maxStepUps bounds consecutive scope step-ups without a successful
// response, so a server that never accepts does not loop forever.
const maxStepUps = 2

// Client authorizes requests to one MCP server.
type Client struct {
	server, url string
	cfg         Config
	store       *Store
	http        *http.Client
	open        Opener
	name        string
	wait        time.Duration

	mu        sync.Mutex // serializes authorizations and record access
	disc      *discovery
	requested []string // scope of the last authorization
	stepUps   int
}

// New builds the client of one server.
func New(opts Options) *Client {
	c := &Client{
		server: opts.Server, url: opts.URL, cfg: opts.Config, store: opts.Store, http: opts.HTTP,
		open: opts.Open, name: opts.ClientName, wait: opts.LoginTimeout,
	}
	if c.http == nil {
		c.http = &http.Client{Timeout: 30 * time.Second}
	}
	if c.name == "" {
		c.name = "Hone"
	}
	if c.wait == 0 {
		c.wait = 5 * time.Minute
	}
	return c
}

// token returns the access token to send, refreshing an expired one
// ("" when there is none).
func (c *Client) token(ctx context.Context) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	rec, err := c.store.Load(c.server, c.url)
	if err != nil || rec.Token == nil {
		return ""
	}
	if rec.Token.expired(time.Now()) {
		if c.refresh(ctx, rec) != nil {
			return ""
		}
	}
	return rec.Token.AccessToken
}

// authorize answers challenge ch, which came back for a request sent with
// token sent. On success the store holds a token to retry with.
func (c *Client) authorize(ctx context.Context, ch challenge, sent string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	rec, err := c.store.Load(c.server, c.url)
	if err != nil {
		return err
	}
	if rec.Token != nil && rec.Token.AccessToken != sent && rec.Token.AccessToken != "" {
		return nil // another request already authorized
	}
	scope := ch.Scope
	if ch.Error == "insufficient_scope" {
		if err := c.stepUp(rec, ch.Scope); err != nil {
			return err
		}
		scope = union(c.granted(rec), ch.Scope)
	} else if sent != "" && rec.Token != nil && rec.Token.RefreshToken != "" && c.refresh(ctx, rec) == nil {
		return nil
	}
	return c.obtain(ctx, rec, ch, scope)
}

// stepUp checks that a scope step-up may be tried: the scope asked for
// must not have been requested already, and step-ups are bounded.
func (c *Client) stepUp(rec *Record, want []string) error {
	if len(c.requested) > 0 && subset(want, c.requested) {
		return fmt.Errorf("server %s still requires scope %q after it was granted", c.server, strings.Join(want, " "))
	}
	if c.stepUps >= maxStepUps {
		return fmt.Errorf("server %s keeps asking for more scope (%q); giving up", c.server, strings.Join(want, " "))
	}
	c.stepUps++
	return nil
}

// granted is the scope of the current token, else the last requested.
func (c *Client) granted(rec *Record) []string {
	if rec.Token != nil && rec.Token.Scope != "" {
		return strings.Fields(rec.Token.Scope)
	}
	return c.requested
}

// succeeded records that a request went through.
func (c *Client) succeeded() {
	c.mu.Lock()
	c.stepUps = 0
	c.mu.Unlock()
}

// obtain gets a new token: client credentials, or the authorization code
// flow when a user is there to log in. c.mu is held.
func (c *Client) obtain(ctx context.Context, rec *Record, ch challenge, scope []string) error {
	d, err := c.discovery(ctx, ch)
	if err != nil {
		return fmt.Errorf("authorization discovery: %w", err)
	}
	scope = c.pickScope(scope, d, rec)
	if c.cfg.ClientCredentials {
		return c.clientCredentials(ctx, rec, d, scope)
	}
	if c.open == nil {
		return c.needLogin(rec, ch, scope)
	}
	return c.login(ctx, rec, d, scope)
}

// needLogin records the scope the next login should ask for and returns
// the NeedsLoginError for rec.
func (c *Client) needLogin(rec *Record, ch challenge, scope []string) error {
	reason := "not logged in"
	switch {
	case ch.Error == "insufficient_scope":
		reason = fmt.Sprintf("needs more access (scope %q)", strings.Join(scope, " "))
	case rec.Token != nil:
		reason = "login expired"
	}
	if len(scope) > 0 {
		rec.WantScope = scope
		if err := c.store.Save(rec); err != nil {
			return err
		}
	}
	return &NeedsLoginError{Server: c.server, Reason: reason}
}

// discovery returns the server's authorization metadata, discovering it
// once per client (again when a challenge names other metadata).
func (c *Client) discovery(ctx context.Context, ch challenge) (*discovery, error) {
	if c.disc != nil {
		return c.disc, nil
	}
	d, err := c.discover(ctx, ch)
	if err != nil {
		return nil, err
	}
	c.disc = d
	return d, nil
}

// pickScope chooses the scope to request: config, else what the server
// asked for (plus what the last login wanted), else everything its
// resource metadata offers, else none.
func (c *Client) pickScope(asked []string, d *discovery, rec *Record) []string {
	switch {
	case len(c.cfg.Scopes) > 0:
		return c.cfg.Scopes
	case len(asked) > 0 || len(rec.WantScope) > 0:
		return union(asked, rec.WantScope)
	}
	return d.ScopesSupported
}

func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, s := range b {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

func subset(a, b []string) bool {
	for _, s := range a {
		if !slices.Contains(b, s) {
			return false
		}
	}
	return true
}
