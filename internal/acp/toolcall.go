package acp

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/tools"
)

// maxToolText caps the text of one tool result shown in the editor.
const maxToolText = 64 << 10

// toolView is what ACP shows of a tool call before it ran: a title, a
// kind, the places it touches and its raw arguments.
type toolView struct {
	title     string
	kind      sdk.ToolKind
	locations []sdk.ToolCallLocation
	rawInput  any
}

// summaryFields are the argument names whose value best names a call, in
// order of preference; tools are never special-cased by name.
var summaryFields = []string{"command", "file_path", "path", "pattern", "url", "description", "prompt", "shell_id"}

// viewOf describes call using its tool's policy and its arguments.
func viewOf(call llm.Part, reg Tools, workDir string) toolView {
	v := toolView{title: call.ToolName, kind: kindOf(call.ToolName, reg)}
	var args map[string]any
	if json.Unmarshal([]byte(call.Input), &args) != nil {
		return v
	}
	v.rawInput = args
	for _, f := range summaryFields {
		if s, ok := args[f].(string); ok && strings.TrimSpace(s) != "" {
			v.title = call.ToolName + ": " + oneLine(s, 80)
			break
		}
	}
	if _, ok := args["pattern"]; ok && v.kind == sdk.ToolKindRead {
		v.kind = sdk.ToolKindSearch
	}
	for _, f := range []string{"file_path", "path"} {
		if s, ok := args[f].(string); ok && s != "" {
			v.locations = []sdk.ToolCallLocation{{Path: absPath(workDir, s)}}
			break
		}
	}
	return v
}

// kindOf maps a tool's permission policy to the ACP tool kind.
func kindOf(name string, reg Tools) sdk.ToolKind {
	t, ok := reg.Get(name)
	if !ok {
		return sdk.ToolKindOther
	}
	switch t.Info().Policy {
	case tools.PolicyReadOnly:
		return sdk.ToolKindRead
	case tools.PolicyWrite:
		return sdk.ToolKindEdit
	case tools.PolicyExecute:
		return sdk.ToolKindExecute
	case tools.PolicyNetwork:
		return sdk.ToolKindFetch
	}
	return sdk.ToolKindOther
}

// resultContent renders a tool result by its display kind: a diff as ACP
// diff content, anything else as text.
func resultContent(res llm.Part) ([]sdk.ToolCallContent, []sdk.ToolCallLocation) {
	var d tools.Display
	if len(res.Meta) == 0 || json.Unmarshal(res.Meta, &d) != nil || res.IsError {
		return textContent(res.Text), nil
	}
	var locs []sdk.ToolCallLocation
	if d.Path != "" {
		loc := sdk.ToolCallLocation{Path: d.Path}
		if d.StartLine > 0 {
			loc.Line = sdk.Ptr(d.StartLine)
		}
		locs = []sdk.ToolCallLocation{loc}
	}
	switch d.Kind {
	case tools.DisplayDiff:
		if d.Diff != "" && d.Path != "" {
			return []sdk.ToolCallContent{diffContent(d.Path, d.Diff)}, locs
		}
	case tools.DisplayCommand:
		return textContent(fenced("$ " + d.Command + "\n" + d.Body)), locs
	case tools.DisplayFile, tools.DisplayList:
		if d.Body != "" {
			return textContent(fenced(d.Body)), locs
		}
	}
	if d.Body != "" {
		return textContent(d.Body), locs
	}
	return textContent(res.Text), locs
}

// diffContent is ACP diff content from a unified diff of path.
func diffContent(path, unified string) sdk.ToolCallContent {
	oldText, newText, created := diffTexts(unified)
	if created {
		return sdk.ToolDiffContent(path, newText)
	}
	return sdk.ToolDiffContent(path, newText, oldText)
}

func textContent(s string) []sdk.ToolCallContent {
	if s == "" {
		return nil
	}
	if len(s) > maxToolText {
		s = s[:maxToolText] + fmt.Sprintf("\n… (%d more bytes)", len(s)-maxToolText)
	}
	return []sdk.ToolCallContent{sdk.ToolContent(sdk.TextBlock(s))}
}

// fenced wraps s in a Markdown code fence longer than any run of
// backticks inside it.
func fenced(s string) string {
	fence := "```"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	return fence + "\n" + strings.TrimRight(s, "\n") + "\n" + fence
}

func oneLine(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > max {
		return string(r[:max-1]) + "…"
	}
	return s
}

func absPath(workDir, p string) string {
	if filepath.IsAbs(p) || workDir == "" {
		return filepath.Clean(p)
	}
	return filepath.Join(workDir, p)
}
