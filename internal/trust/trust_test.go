package trust

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		path      string
		class     Class
		found     bool
		container bool
	}{
		{"$schema", Safe, true, false},
		{"models", "", false, true},
		{"models.large", "", false, true},
		{"models.large.[]", UserProvider, true, false},
		{"models.small.[].provider_options", NeedsTrust, true, false},
		{"models.small.[].top_p", Safe, true, false},
		{"models.small.[].other", NeedsTrust, false, false},
		{"options", "", false, true},
		{"options.context_paths", "", false, true},
		{"options.context_paths.[]", InProject, true, false},
		{"options.shell_env_allow", NeedsTrust, true, false},
		{"options.new_thing", NeedsTrust, false, false},
		{"permissions.allow", Ignored, true, false},
		{"mcp", "", false, true},
		{"mcp.files", NeedsTrust, true, false},
		{"providers.anthropic", NeedsTrust, true, false},
		{"hooks", NeedsTrust, true, false},
		{"telemetry", NeedsTrust, false, false},
	} {
		m := Lookup(strings.Split(c.path, "."))
		if m.Found != c.found || m.Container != c.container || (!m.Container && m.Field.Class != c.class) {
			t.Errorf("Lookup(%s) = %+v, want class %q found %v container %v", c.path, m, c.class, c.found, c.container)
		}
	}
}

func TestHashIgnoresOrderAndFormatting(t *testing.T) {
	t.Parallel()
	var a, b any
	if err := json.Unmarshal([]byte(`{"command": "node", "args": ["s.js"]}`), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte("{\n \"args\":[\"s.js\"],\"command\":\"node\"}"), &b); err != nil {
		t.Fatal(err)
	}
	h1 := Hash([]Part{{Path: "mcp.x", Value: a}, {Path: "lsp.y", Value: "z"}})
	h2 := Hash([]Part{{Path: "lsp.y", Value: "z"}, {Path: "mcp.x", Value: b}})
	if h1 != h2 || !strings.HasPrefix(h1, "sha256:") {
		t.Errorf("hashes differ: %s %s", h1, h2)
	}
	if h3 := Hash([]Part{{Path: "mcp.x", Value: b}}); h3 == h1 {
		t.Error("a missing part gives the same hash")
	}
	if Hash(nil) == Hash([]Part{{Path: "mcp.x", Value: map[string]any{}}}) {
		t.Error("an empty part hashes like none")
	}
}

func TestWarning(t *testing.T) {
	t.Parallel()
	d := Decision{Dir: "/p", File: "/p/.hone.json", Parts: []Part{{Path: "mcp.x"}, {Path: "providers.anthropic"}}}
	w := d.Warning()
	for _, want := range []string{"/p/.hone.json", "mcp.x, providers.anthropic", `hone trust /p`} {
		if !strings.Contains(w, want) {
			t.Errorf("warning %q lacks %q", w, want)
		}
	}
	if strings.Contains(w, "\n") {
		t.Errorf("warning is not one line: %q", w)
	}
	d.Trusted = true
	if d.Warning() != "" || d.NeedsAsk() || d.Dropped() != nil {
		t.Errorf("a trusted decision warns or asks: %+v", d)
	}
}

func TestStoreTrustRevoke(t *testing.T) {
	t.Parallel()
	data, proj := t.TempDir(), t.TempDir()
	s := Open(data)
	file := filepath.Join(proj, ".hone.json")
	if ok, err := s.Trusted(proj, file, "sha256:a"); ok || err != nil {
		t.Fatalf("empty store trusts: %v %v", ok, err)
	}
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(proj, link); err != nil {
		t.Fatal(err)
	}
	if err := s.Trust(Entry{Dir: link, File: file, Hash: "sha256:a", Parts: []string{"mcp.x: runs x"}}); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(s.Path())
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("store mode %v, %v; want 0600", fi.Mode(), err)
	}
	if ok, _ := s.Trusted(proj, file, "sha256:a"); !ok {
		t.Error("the project is not trusted through its real path")
	}
	if ok, _ := s.Trusted(proj, file, "sha256:b"); ok {
		t.Error("a changed hash is trusted")
	}
	if err := s.Trust(Entry{Dir: proj, File: file, Hash: "sha256:b"}); err != nil {
		t.Fatal(err)
	}
	if ok, _ := s.Trusted(proj, file, "sha256:a"); ok {
		t.Error("the replaced hash is still trusted")
	}
	list, err := s.List()
	if err != nil || len(list) != 1 || list[0].Hash != "sha256:b" {
		t.Fatalf("list = %+v, %v", list, err)
	}
	gone, err := s.Revoke(link)
	if err != nil || len(gone) != 1 {
		t.Fatalf("revoke = %+v, %v", gone, err)
	}
	if ok, _ := s.Trusted(proj, file, "sha256:b"); ok {
		t.Error("trusted after revoke")
	}
}

func TestStoreRefusesSharedFileAndStoreInsideProject(t *testing.T) {
	t.Parallel()
	proj := t.TempDir()
	inside := Open(filepath.Join(proj, "data"))
	if err := inside.Trust(Entry{Dir: proj, File: "f", Hash: "h"}); err != nil {
		t.Fatal(err)
	}
	if ok, _ := inside.Trusted(proj, "f", "h"); ok {
		t.Error("a store inside the project trusts the project")
	}
	if err := os.Chmod(inside.Path(), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, err := inside.List(); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a world-writable store is read: %v", err)
	}
}

func TestPrintable(t *testing.T) {
	t.Parallel()
	if got := Printable("run \x1b]0;owned\x07 now\nfake line é"); got != `run \x1b]0;owned\a now\nfake line é` {
		t.Errorf("Printable = %q", got)
	}
}
