package run

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/tools"
)

// finished is the tool_result part the agent publishes for r.
func finished(call llm.Part, r tools.Result) *llm.Part {
	p := llm.ToolResult(call.ToolCallID, call.ToolName, r.Content, r.IsError)
	p.Meta, _ = json.Marshal(r.Display)
	return &p
}

func TestResultLines(t *testing.T) {
	t.Parallel()
	bash := llm.Part{ToolCallID: "c1", ToolName: "bash", Input: `{"command":"go test ./...","description":"run the tests"}`}
	edit := llm.Part{ToolCallID: "c2", ToolName: "edit", Input: `{"file_path":"main.go","old_string":"a","new_string":"b"}`}
	todos := llm.Part{ToolCallID: "c3", ToolName: "todos", Input: `{"todos":[]}`}
	reason := `not allowed without a person to ask (non-interactive run); allow it with a permissions.allow rule such as "edit(main.go)" or run with --yolo`
	denied := tools.DeniedResult(&permission.DeniedError{Tool: "edit", Reason: reason})
	for _, tt := range []struct {
		call   llm.Part
		res    tools.Result
		denied bool
		want   string
	}{
		{bash, tools.Result{Content: "ok", Display: tools.Display{Kind: tools.DisplayCommand, Command: "go test ./..."}}, false,
			"✓ bash go test ./... (exit 0)"},
		{bash, tools.Result{Content: "FAIL", Display: tools.Display{Kind: tools.DisplayCommand, ExitCode: 1}}, false,
			"✗ bash go test ./... (exit 1)"},
		{bash, tools.Result{Content: "killed", Display: tools.Display{Kind: tools.DisplayCommand, ExitCode: -1, Signal: "SIGINT"}}, false,
			"✗ bash go test ./... (killed by SIGINT)"},
		{edit, tools.Result{Content: "edited", Display: tools.Display{Kind: tools.DisplayDiff, Added: 3, Removed: 1}}, false,
			"✓ edit main.go (+3 −1)"},
		{edit, denied, true, "✗ edit main.go: denied — " + reason},
		{edit, tools.ErrorResult("old_string not found in main.go\nthe file has 3 lines"), false,
			"✗ edit main.go: old_string not found in main.go …"},
		{todos, tools.Result{Content: "saved"}, false, `✓ todos {"todos":[]}`},
	} {
		if got := resultLine(&tt.call, finished(tt.call, tt.res), tt.denied); got != tt.want {
			t.Errorf("resultLine(%s) =\n%s\nwant\n%s", tt.call.ToolName, got, tt.want)
		}
	}
	if !strings.Contains(resultLine(&edit, finished(edit, denied), true), `"edit(main.go)" or run with --yolo`) {
		t.Error("the denial is cut before the suggested rule")
	}
}
