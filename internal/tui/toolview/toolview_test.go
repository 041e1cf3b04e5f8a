package toolview

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/tools"
	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

func done(name, input string, d tools.Display) Call {
	call := llm.Part{Type: llm.PartToolCall, ToolCallID: "c", ToolName: name, Input: input}
	res := llm.ToolResult("c", name, "content for the model", false)
	res.Meta, _ = json.Marshal(d)
	return Call{Part: call, Result: &res, State: Done}
}

func calls() map[string]Call {
	long := strings.Repeat("line of output\n", 30)
	failed := llm.ToolResult("c", "edit", "old_string not found in main.go", true)
	return map[string]Call{
		"diff": done("edit", `{"file_path":"a.go"}`, tools.Display{Kind: tools.DisplayDiff, Title: "a.go", Added: 1, Removed: 1,
			Diff: "--- a/a.go\n+++ b/a.go\n@@ -1,3 +1,3 @@\n package a\n-var x = 1\n+var x = 2\n \n@@ -20,2 +20,2 @@\n-func f() {}\n+func f() { return }\n"}),
		"file": done("view", `{"file_path":"a.go"}`, tools.Display{Kind: tools.DisplayFile, Title: "a.go", Path: "a.go", StartLine: 98,
			Body: "func main() {\n\tfmt.Println(\"a very long line that goes on and on and on past the width of narrow terminals\")\n}\n"}),
		"command": done("bash", `{"command":"go test ./..."}`, tools.Display{Kind: tools.DisplayCommand, Title: "run the tests", Command: "go test ./...", ExitCode: 2, Body: long}),
		"list":    done("glob", `{"pattern":"*.go"}`, tools.Display{Kind: tools.DisplayList, Title: "2 files", Body: "a.go\nb.go\n"}),
		"text":    done("fetch", `{"url":"https://example.com"}`, tools.Display{Kind: tools.DisplayText, Title: "https://example.com", Body: long}),
		"error":   {Part: llm.Part{Type: llm.PartToolCall, ToolName: "edit", Input: `{"file_path":"main.go"}`}, Result: &failed, State: Failed},
		"running": {Part: llm.Part{Type: llm.PartToolCall, ToolName: "bash", Input: `{"command":"make\nmake install"}`}, State: Running},
		"partial": {Part: llm.Part{Type: llm.PartToolCall, ToolName: "write", Input: `{"file_path":"x`}, State: Pending},
		"nometa":  {Part: llm.Part{Type: llm.PartToolCall, ToolName: "mcp_fs_read"}, Result: &llm.Part{Type: llm.PartToolResult, Text: "plain text result"}, State: Done},
		"gone":    {Part: llm.Part{Type: llm.PartToolCall, ToolName: "ls", Input: `{"path":"."}`}, State: Interrupted},
	}
}

func TestGolden(t *testing.T) {
	t.Parallel()
	th := styles.New(true, false)
	names := []string{"diff", "file", "command", "list", "text", "error", "running", "partial", "nometa", "gone"}
	for _, w := range []int{40, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			var b strings.Builder
			for _, n := range names {
				for _, exp := range []bool{false, true} {
					fmt.Fprintf(&b, "== %s expanded=%v\n", n, exp)
					b.WriteString(strings.Join(Render(th, calls()[n], Options{Width: w, Expanded: exp, Spinner: "*"}), "\n"))
					b.WriteString("\n")
				}
			}
			golden.Assert(t, fmt.Sprintf("calls_%d", w), b.String())
		})
	}
}

func TestLinesFitWidth(t *testing.T) {
	t.Parallel()
	for _, th := range []*styles.Theme{styles.New(true, false), styles.New(false, true)} {
		for name, c := range calls() {
			for _, w := range []int{12, 40, 80} {
				for _, ln := range Render(th, c, Options{Width: w, Expanded: true, Spinner: "*"}) {
					if n := len([]rune(golden.Plain(ln))); n > w {
						t.Errorf("%s at %d: line of %d cells: %q", name, w, n, golden.Plain(ln))
					}
				}
			}
		}
	}
}

func TestFoldable(t *testing.T) {
	t.Parallel()
	th := styles.New(true, true)
	if !Foldable(th, calls()["text"], 80) || Foldable(th, calls()["list"], 80) {
		t.Fatal("a long result must fold and a short one must not")
	}
}

// A list tool counts in its own title (ls says "(0 entries)" over a body
// that shows the directory itself), so the header adds a line count only
// for lists without a title.
func TestListHeaderCountsOnlyUntitledLists(t *testing.T) {
	t.Parallel()
	th := styles.New(true, true)
	ls := done("ls", `{"path":"."}`, tools.Display{Kind: tools.DisplayList, Title: ". (0 entries)", Body: "- /project/\n"})
	if h := golden.Plain(Render(th, ls, Options{Width: 80})[0]); h != "✓ ls . (0 entries)" {
		t.Errorf("titled list header = %q", h)
	}
	bare := done("mcp_list", `{}`, tools.Display{Kind: tools.DisplayList, Body: "a\nb\nc\n"})
	if h := golden.Plain(Render(th, bare, Options{Width: 80})[0]); !strings.HasSuffix(h, "3 items") {
		t.Errorf("untitled list header = %q, want a count", h)
	}
}

func TestSavedOutputIsNamed(t *testing.T) {
	t.Parallel()
	th := styles.New(true, true)
	c := done("bash", `{"command":"seq 1 9999999"}`, tools.Display{Kind: tools.DisplayCommand, Command: "seq 1 9999999",
		Body: "1\n2\n", Artifact: "/data/artifacts/s/1-call.txt"})
	lines := Render(th, c, Options{Width: 120})
	if last := golden.Plain(lines[len(lines)-1]); last != "  full output saved: /data/artifacts/s/1-call.txt" {
		t.Errorf("last line %q", last)
	}
}
