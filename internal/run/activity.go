package run

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/tools"
)

// callLine is a tool call for stderr: its name and the argument that best
// names it ("bash go test ./...", "edit main.go"), else its arguments as
// compact JSON, cut to one line.
func callLine(call *llm.Part) string {
	// The argument names that best name a call, in order of preference
	// (the built-in tools' conventions, which many MCP tools share).
	keys := [...]string{"command", "file_path", "pattern", "path", "url", "query", "symbol", "prompt", "shell_id"}
	var args map[string]any
	if json.Unmarshal([]byte(call.Input), &args) == nil {
		for _, k := range keys {
			if s, ok := args[k].(string); ok && strings.TrimSpace(s) != "" {
				return call.ToolName + " " + clip(firstLine(s), 100)
			}
		}
	}
	in := strings.Join(strings.Fields(call.Input), " ")
	if in == "" || in == "{}" {
		return call.ToolName
	}
	return call.ToolName + " " + clip(in, 100)
}

// resultLine is a finished call for stderr: ✓ or ✗, the call, and its
// outcome: the exit status of a command, the size of a change, the full
// reason of a denial (with the rule that would allow it), or the first
// line of an error, never cut.
func resultLine(call, res *llm.Part, denied bool) string {
	d := displayOf(res)
	line := callLine(call)
	switch {
	case denied:
		return fmt.Sprintf("✗ %s: denied — %s", line, denialText(res, d))
	case d.Kind == tools.DisplayCommand:
		mark, exit := "✓", d.ExitText()
		if res.IsError || exit != "" {
			mark = "✗"
		}
		if exit == "" {
			exit = "exit 0"
		}
		return fmt.Sprintf("%s %s (%s)", mark, line, exit)
	case res.IsError:
		return fmt.Sprintf("✗ %s: %s", line, firstLine(res.Text))
	case d.Kind == tools.DisplayDiff:
		return fmt.Sprintf("✓ %s (+%d −%d)", line, d.Added, d.Removed)
	}
	return "✓ " + line
}

// denialText is the reason a call was denied: the display written for a
// person, else the text the model got.
func denialText(res *llm.Part, d tools.Display) string {
	if d.Title == "permission denied" && d.Body != "" {
		return d.Body
	}
	return strings.Join(strings.Fields(res.Text), " ")
}

func displayOf(res *llm.Part) tools.Display {
	var d tools.Display
	if len(res.Meta) > 0 {
		_ = json.Unmarshal(res.Meta, &d)
	}
	return d
}

// firstLine is the first non-empty line of s, marked with " …" when more
// followed.
func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return strings.TrimSpace(s[:i]) + " …"
	}
	return s
}

// clip cuts s to n runes, marking the cut with "…".
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
