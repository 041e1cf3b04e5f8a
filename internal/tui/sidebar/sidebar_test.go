package sidebar

import (
	"fmt"
	"testing"

	"github.com/honecode/hone/internal/tools"
	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

func sample() Data {
	return Data{
		Title: "Fix the flaky parser test in the tokenizer package", WorkDir: "/home/dev/src/github.com/acme/widgets",
		Large: "anthropic/claude-sonnet-4-6", Small: "anthropic/claude-haiku-4-5",
		ContextTokens: 132_000, ContextWindow: 200_000,
		InputTokens: 412_345, OutputTokens: 23_456, CacheTokens: 1_200_000, Cost: 1.2345,
		Files: []File{{Path: "internal/parser/tokenizer.go", Added: 12, Removed: 3}, {Path: "internal/parser/very/deep/path/tokenizer_test.go", Added: 40}},
		Todos: []tools.Todo{
			{Content: "Reproduce the failure", Status: "completed"},
			{Content: "Fix the off-by-one", Status: "in_progress", ActiveForm: "Fixing the off-by-one"},
			{Content: "Run the whole suite", Status: "pending"},
		},
		Servers: []Server{{Name: "gopls", Kind: "lsp", State: "ready"}, {Name: "fs", Kind: "mcp", State: "error", Error: "exit status 1"}},
	}
}

func TestGolden(t *testing.T) {
	t.Parallel()
	// The sidebar has a fixed width; heights stand in for terminal sizes.
	for _, h := range []int{12, 24, 40} {
		t.Run(fmt.Sprint(h), func(t *testing.T) {
			t.Parallel()
			golden.Assert(t, fmt.Sprintf("sidebar_h%d", h), Render(styles.New(true, false), sample(), h))
		})
	}
	golden.Assert(t, "sidebar_empty", Render(styles.New(false, true), Data{WorkDir: "/p"}, 12))
}
