package cmd

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/honecode/hone/internal/mcpauth"
)

// fakeAuth is an authorization server and the MCP server it protects: it
// publishes protected resource and authorization server metadata, registers
// clients, checks PKCE, and issues and refreshes tokens.
type fakeAuth struct {
	t   *testing.T
	url string

	mu         sync.Mutex
	registered []string          // client ids
	challenges map[string]string // code -> code_challenge
	tokens     map[string]bool   // valid access tokens
	grants     []string          // grant types seen at the token endpoint
	n          int
}

func newFakeAuth(t *testing.T) *fakeAuth {
	f := &fakeAuth{t: t, challenges: map[string]string{}, tokens: map[string]bool{}}
	s := server.NewMCPServer("t", "1", server.WithToolCapabilities(false))
	s.AddTool(mcpgo.NewTool("ping"), func(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		return mcpgo.NewToolResultText("pong"), nil
	})
	mcpHandler := server.NewStreamableHTTPServer(s)
	mux := http.NewServeMux()
	mux.HandleFunc("/.well-known/oauth-protected-resource/mcp", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, map[string]any{"resource": f.url + "/mcp", "authorization_servers": []string{f.url}})
	})
	mux.HandleFunc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, map[string]any{"issuer": f.url, "authorization_endpoint": f.url + "/authorize",
			"token_endpoint": f.url + "/token", "registration_endpoint": f.url + "/register",
			"code_challenge_methods_supported": []string{"S256"}, "token_endpoint_auth_methods_supported": []string{"none"}})
	})
	mux.HandleFunc("/register", f.register)
	mux.HandleFunc("/authorize", f.authorize)
	mux.HandleFunc("/token", f.token)
	mux.Handle("/mcp", f.protect(mcpHandler))
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	f.url = ts.URL
	return f
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func (f *fakeAuth) register(w http.ResponseWriter, r *http.Request) {
	var req struct {
		RedirectURIs []string `json:"redirect_uris"`
	}
	_ = json.NewDecoder(r.Body).Decode(&req)
	f.mu.Lock()
	id := fmt.Sprintf("client-%d", len(f.registered)+1)
	f.registered = append(f.registered, id)
	f.mu.Unlock()
	w.WriteHeader(http.StatusCreated)
	writeJSON(w, map[string]any{"client_id": id, "redirect_uris": req.RedirectURIs, "token_endpoint_auth_method": "none"})
}

func (f *fakeAuth) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("code_challenge_method") != "S256" || q.Get("resource") != f.url+"/mcp" {
		http.Error(w, "PKCE S256 and the resource are required", http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.n++
	code := fmt.Sprintf("code-%d", f.n)
	f.challenges[code] = q.Get("code_challenge")
	f.mu.Unlock()
	http.Redirect(w, r, q.Get("redirect_uri")+"?code="+code+"&state="+q.Get("state"), http.StatusFound)
}

func (f *fakeAuth) token(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	f.mu.Lock()
	defer f.mu.Unlock()
	grant := r.PostForm.Get("grant_type")
	f.grants = append(f.grants, grant)
	switch grant {
	case "authorization_code":
		sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
		if f.challenges[r.PostForm.Get("code")] != base64.RawURLEncoding.EncodeToString(sum[:]) {
			w.WriteHeader(http.StatusBadRequest)
			writeJSON(w, map[string]string{"error": "invalid_grant", "error_description": "PKCE verifier does not match"})
			return
		}
	case "refresh_token":
		if !strings.HasPrefix(r.PostForm.Get("refresh_token"), "refresh-") {
			w.WriteHeader(http.StatusBadRequest)
			writeJSON(w, map[string]string{"error": "invalid_grant"})
			return
		}
	}
	f.n++
	tok := fmt.Sprintf("access-%d", f.n)
	f.tokens[tok] = true
	writeJSON(w, map[string]any{"access_token": tok, "token_type": "Bearer", "expires_in": 3600,
		"refresh_token": fmt.Sprintf("refresh-%d", f.n)})
}

// protect answers 401 with the resource metadata URL to requests without
// a token the server issued.
func (f *fakeAuth) protect(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		f.mu.Lock()
		ok := f.tokens[tok]
		f.mu.Unlock()
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+f.url+`/.well-known/oauth-protected-resource/mcp"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (f *fakeAuth) seen() (registered, grants []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string{}, f.registered...), append([]string{}, f.grants...)
}

// browser follows the authorization redirect to Hone's loopback listener.
func browser(ctx context.Context, authURL string) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, authURL, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body)
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", res.StatusCode)
	}
	return nil
}

func mcpStateOf(t *testing.T, env *cfgEnv, dataDir string) string {
	t.Helper()
	io, out, _ := cfgIO()
	if err := runMCPList(t.Context(), &MCPListOptions{Load: env.trusted(), DataDir: dataDir}, io); err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(strings.Split(strings.TrimSpace(out.String()), "\n")[1]), " ")
}

// The whole OAuth life of a remote server through the commands: needs
// login, login (discovery, registration, PKCE, code exchange), tokens in a
// 0600 file, refresh of an expired token, logout.
func TestMCPLoginLogout(t *testing.T) {
	t.Parallel()
	fa := newFakeAuth(t)
	env := newCfgEnv(t)
	env.write(t, ".hone.json", `{"mcp": {"remote": {"url": "`+fa.url+`/mcp"}}}`)
	dataDir := t.TempDir()

	if got := mcpStateOf(t, env, dataDir); !strings.HasPrefix(got, "remote http needs login 0 not logged in; run `hone mcp login remote`") {
		t.Fatalf("before login: %q", got)
	}

	io, out, _ := cfgIO()
	opts := &MCPLoginOptions{Load: env.trusted(), DataDir: dataDir, Name: "remote", Open: browser}
	if err := runMCPLogin(t.Context(), opts, io); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Logged in to remote (1 tools)") {
		t.Errorf("login said %q", out)
	}
	files, _ := filepath.Glob(filepath.Join(dataDir, mcpauth.StoreDir, "remote-*.json"))
	if len(files) != 1 {
		t.Fatalf("credential files %v", files)
	}
	for path, want := range map[string]os.FileMode{files[0]: 0o600, filepath.Dir(files[0]): 0o700} {
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v (%v), want %v", path, fi.Mode().Perm(), err, want)
		}
	}
	registered, grants := fa.seen()
	if len(registered) != 1 || strings.Join(grants, ",") != "authorization_code" {
		t.Errorf("registrations %v, grants %v", registered, grants)
	}
	if got := mcpStateOf(t, env, dataDir); got != "remote http connected 1" {
		t.Errorf("after login: %q", got)
	}

	expire(t, dataDir, fa.url+"/mcp")
	if got := mcpStateOf(t, env, dataDir); got != "remote http connected 1" {
		t.Errorf("after expiry: %q", got)
	}
	if _, grants = fa.seen(); strings.Join(grants, ",") != "authorization_code,refresh_token" {
		t.Errorf("grants %v, want a refresh", grants)
	}

	io, out, _ = cfgIO()
	if err := runMCPLogout(t.Context(), opts, io); err != nil || !strings.Contains(out.String(), "Logged out of remote") {
		t.Fatalf("logout: %v %q", err, out)
	}
	if files, _ := filepath.Glob(filepath.Join(dataDir, mcpauth.StoreDir, "*.json")); len(files) != 0 {
		t.Errorf("files left after logout: %v", files)
	}
	if got := mcpStateOf(t, env, dataDir); !strings.HasPrefix(got, "remote http needs login") {
		t.Errorf("after logout: %q", got)
	}
}

// expire moves the stored token's expiry into the past.
func expire(t *testing.T, dataDir, url string) {
	t.Helper()
	store := mcpauth.NewStore(dataDir)
	rec, err := store.Load("remote", url)
	if err != nil || rec.Token == nil {
		t.Fatalf("load: %v %+v", err, rec)
	}
	rec.Token.Expiry = time.Now().Add(-time.Hour)
	if err := store.Save(rec); err != nil {
		t.Fatal(err)
	}
}

func TestMCPLoginRejectsStdioAndUnknown(t *testing.T) {
	t.Parallel()
	env := newCfgEnv(t)
	env.write(t, ".hone.json", `{"mcp": {"local": {"command": "true"}}}`)
	for name, want := range map[string]string{"local": "runs locally", "nope": `no MCP server "nope"`} {
		io, _, _ := cfgIO()
		err := runMCPLogin(t.Context(), &MCPLoginOptions{Load: env.trusted(), DataDir: t.TempDir(), Name: name}, io)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// A server that only an untrusted project config names is not logged in
// to; the error says why instead of claiming there is no such server.
func TestMCPLoginNamesAnUntrustedProject(t *testing.T) {
	t.Parallel()
	env := newCfgEnv(t)
	env.write(t, ".hone.json", `{"mcp": {"remote": {"url": "https://example.invalid/mcp"}}}`)
	io, _, _ := cfgIO()
	err := runMCPLogin(t.Context(), &MCPLoginOptions{Load: env.load(), DataDir: t.TempDir(), Name: "remote"}, io)
	if err == nil || !strings.Contains(err.Error(), "not trusted: run `hone trust` first") {
		t.Fatalf("login in an untrusted project: %v", err)
	}
}
