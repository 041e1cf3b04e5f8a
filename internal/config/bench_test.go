package config

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkLoad measures a start-up load: a global file with providers and
// models, a project file with permissions, no catalog needed.
func BenchmarkLoad(b *testing.B) {
	root := b.TempDir()
	home, project := filepath.Join(root, "home"), filepath.Join(root, "repo")
	for _, d := range []string{filepath.Join(home, ".config", "hone"), filepath.Join(project, ".git")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			b.Fatal(err)
		}
	}
	global := `{"providers": {"work": {"type": "anthropic", "api_key": "$K", "models": [{"id": "claude-sonnet-4-6"}]}},
	  "models": {"large": ["work/claude-sonnet-4-6"], "small": ["work/claude-haiku-4-5"]},
	  "mcp": {"fs": {"command": "npx", "args": ["-y", "server"]}}, "lsp": {"go": {"command": "gopls"}}}`
	if err := os.WriteFile(filepath.Join(home, ".config", "hone", "hone.json"), []byte(global), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, ".hone.json"), []byte(`{"permissions": {"deny": ["bash(rm -rf*)"]}}`), 0o644); err != nil {
		b.Fatal(err)
	}
	opts := LoadOptions{Cwd: project, Getenv: envOf("HOME="+home, "K=key")}
	for b.Loop() {
		if _, err := Load(b.Context(), opts); err != nil {
			b.Fatal(err)
		}
	}
}
