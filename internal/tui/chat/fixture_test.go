package chat

import (
	"encoding/json"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/tools"
)

func meta(d tools.Display) json.RawMessage {
	b, _ := json.Marshal(d)
	return b
}

func call(id, name, input string) llm.Part {
	return llm.Part{Type: llm.PartToolCall, ToolCallID: id, ToolName: name, Input: input}
}

func result(id, name, text string, d tools.Display) llm.Part {
	p := llm.ToolResult(id, name, text, false)
	p.Meta = meta(d)
	return p
}

const sampleDiff = `--- a/main.go
+++ b/main.go
@@ -10,4 +10,5 @@ func main() {
 	x := 1
-	fmt.Println(x)
+	y := 2
+	fmt.Println(x + y)
 	return
 }
`

// conversation is a finished session exercising every kind of item.
func conversation() []message.Message {
	return []message.Message{
		{ID: "u1", Role: llm.RoleUser, Status: message.StatusDone, Parts: []llm.Part{llm.Text("Fix the sum in main.go and run the tests, please.")}},
		{ID: "a1", Role: llm.RoleAssistant, Status: message.StatusDone, Parts: []llm.Part{
			{Type: llm.PartReasoning, Text: "The user wants a fix.\nLook at main.go first.\nThen run tests."},
			llm.Text("I'll look at **main.go** first."),
			call("c1", "view", `{"file_path":"main.go"}`),
			call("c2", "edit", `{"file_path":"main.go","old_string":"a","new_string":"b"}`),
		}},
		{ID: "t1", Role: llm.RoleTool, Status: message.StatusDone, Parts: []llm.Part{
			result("c1", "view", "...", tools.Display{Kind: tools.DisplayFile, Title: "main.go", Path: "main.go", StartLine: 1,
				Body: "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tx := 1\n\tfmt.Println(x)\n}\n"}),
			result("c2", "edit", "ok", tools.Display{Kind: tools.DisplayDiff, Title: "main.go", Path: "main.go", Diff: sampleDiff, Added: 2, Removed: 1}),
		}},
		{ID: "a2", Role: llm.RoleAssistant, Status: message.StatusDone, Parts: []llm.Part{
			call("c3", "bash", `{"command":"go test ./..."}`),
			call("c4", "glob", `{"pattern":"**/*.go"}`),
			call("c5", "write", `{"file_path":"/etc/passwd"}`),
		}},
		{ID: "t2", Role: llm.RoleTool, Status: message.StatusDone, Parts: []llm.Part{
			result("c3", "bash", "FAIL", tools.Display{Kind: tools.DisplayCommand, Title: "go test ./...", Command: "go test ./...", ExitCode: 1,
				Body: "--- FAIL: TestSum (0.00s)\n    sum_test.go:9: got 3, want 4\nFAIL\nFAIL\texample.com/sum\t0.002s"}),
			result("c4", "glob", "a.go\nb.go", tools.Display{Kind: tools.DisplayList, Title: "3 files", Body: "main.go\nsum.go\nsum_test.go"}),
			llm.ToolResult("c5", "write", "permission denied for write: outside the project", true),
		}},
		{ID: "a3", Role: llm.RoleAssistant, Status: message.StatusDone, Parts: []llm.Part{
			llm.Text("The test fails:\n\n- `TestSum` expects **4**\n- the code returns 3\n\n```go\nfunc sum(a, b int) int { return a + b }\n```"),
			{Type: llm.PartFinish, Reason: llm.FinishCanceled},
		}},
	}
}
