package lsp

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/honecode/hone/internal/config"
)

// DefaultTimeout bounds each request to a server unless configured.
const DefaultTimeout = 10 * time.Second

// spec is one language server Hone may run.
type spec struct {
	name      string
	cfg       config.LSPServer
	filetypes []string // ".go", lowercase
	timeout   time.Duration
	// detected marks gopls found on PATH without config; it serves only
	// files inside a module (requireRoot).
	detected    bool
	requireRoot bool
}

// specsFrom builds the specs of the configured servers, sorted by name,
// plus gopls when it is on PATH and no configured server (even a
// disabled one) is called gopls or serves .go files.
func specsFrom(servers map[string]config.LSPServer, lookPath func(string) (string, error)) []spec {
	var out []spec
	goServed := false
	for name, cfg := range servers {
		sp := spec{name: name, cfg: cfg, filetypes: normalizeExts(cfg.Filetypes), timeout: DefaultTimeout}
		if cfg.Timeout > 0 {
			sp.timeout = time.Duration(cfg.Timeout) * time.Second
		}
		goServed = goServed || name == "gopls" || slices.Contains(sp.filetypes, ".go")
		out = append(out, sp)
	}
	if !goServed && lookPath != nil {
		if path, err := lookPath("gopls"); err == nil {
			out = append(out, spec{
				name: "gopls", detected: true, requireRoot: true, timeout: DefaultTimeout,
				cfg:       config.LSPServer{Command: path, RootMarkers: []string{"go.work", "go.mod"}},
				filetypes: []string{".go"},
			})
		}
	}
	slices.SortFunc(out, func(a, b spec) int { return strings.Compare(a.name, b.name) })
	return out
}

// defaultLookPath finds commands on PATH.
func defaultLookPath(name string) (string, error) { return exec.LookPath(name) }

func normalizeExts(exts []string) []string {
	out := make([]string, 0, len(exts))
	for _, e := range exts {
		e = strings.ToLower(strings.TrimSpace(e))
		if e == "" {
			continue
		}
		if !strings.HasPrefix(e, ".") {
			e = "." + e
		}
		out = append(out, e)
	}
	return out
}

// serves reports whether the spec handles path, by extension.
func (sp spec) serves(path string) bool {
	return !sp.cfg.Disabled && slices.Contains(sp.filetypes, strings.ToLower(filepath.Ext(path)))
}

// rootFor is the workspace root of path: the nearest directory upwards
// holding a root marker; without markers (or none found, unless the spec
// requires one) the project directory. ok is false when the spec requires
// a root and there is none.
func (sp spec) rootFor(path, workDir string) (root string, ok bool) {
	if len(sp.cfg.RootMarkers) > 0 {
		for dir := filepath.Dir(path); ; dir = filepath.Dir(dir) {
			for _, m := range sp.cfg.RootMarkers {
				if _, err := os.Stat(filepath.Join(dir, m)); err == nil {
					return dir, true
				}
			}
			if parent := filepath.Dir(dir); parent == dir {
				break
			}
		}
	}
	if sp.requireRoot {
		return "", false
	}
	return workDir, true
}
