package mcpauth

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// StoreDir is the directory of the credential files in the data
// directory.
const StoreDir = "mcp-auth"

// Store keeps one credential file per server (name and URL) in a
// directory only the user can read: the directory is 0700, each file 0600,
// written through a temporary file and a rename.
type Store struct{ dir string }

// NewStore returns the store in dataDir/mcp-auth.
func NewStore(dataDir string) *Store { return &Store{dir: filepath.Join(dataDir, StoreDir)} }

// Record is what Hone keeps for one server.
type Record struct {
	Server string `json:"server"`
	URL    string `json:"url"`
	// Target is where tokens are refreshed.
	Target tokenTarget `json:"target"`
	// Client is a registration Hone obtained (dynamic registration or a
	// client ID metadata document); config clients are never stored.
	Client *ClientInfo `json:"client,omitempty"`
	Token  *Token      `json:"token,omitempty"`
	// WantScope is a scope the server asked for that the token lacks; the
	// next login requests it.
	WantScope []string `json:"want_scope,omitempty"`
}

// ClientInfo is an OAuth client identity.
type ClientInfo struct {
	ID          string `json:"client_id"`
	Secret      string `json:"client_secret,omitempty"`
	AuthMethod  string `json:"token_endpoint_auth_method,omitempty"`
	RedirectURI string `json:"redirect_uri,omitempty"`
	// Issuer is the authorization server that registered the client.
	Issuer string `json:"issuer,omitempty"`
}

// path is the file of server at url: the name made safe plus a hash of
// name and URL, so a server whose URL changed starts afresh.
func (s *Store) path(server, url string) string {
	sum := sha256.Sum256([]byte(server + "\x00" + url))
	safe := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, server)
	return filepath.Join(s.dir, safe+"-"+hex.EncodeToString(sum[:6])+".json")
}

// Load returns the record of server at url (a new empty one when there is
// none).
func (s *Store) Load(server, url string) (*Record, error) {
	p := s.path(server, url)
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return &Record{Server: server, URL: url}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read credentials: %w", err)
	}
	var r Record
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("credentials %s: %w", p, err)
	}
	r.Server, r.URL = server, url
	return &r, nil
}

// Save writes r.
func (s *Store) Save(r *Record) error {
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		return fmt.Errorf("credentials directory: %w", err)
	}
	_ = os.Chmod(s.dir, 0o700)
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(s.dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("write credentials: %w", err)
	}
	defer os.Remove(f.Name())
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return fmt.Errorf("write credentials: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("write credentials: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write credentials: %w", err)
	}
	if err := os.Rename(f.Name(), s.path(r.Server, r.URL)); err != nil {
		return fmt.Errorf("write credentials: %w", err)
	}
	return nil
}

// Delete removes the record of server at url; removed reports whether
// there was one.
func (s *Store) Delete(server, url string) (removed bool, err error) {
	err = os.Remove(s.path(server, url))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("remove credentials: %w", err)
	}
	return true, nil
}
