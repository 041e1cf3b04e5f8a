package llmtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

// benchTurnSteps is the number of tool steps of each turn BenchToolSteps
// plays.
const benchTurnSteps = 10

// BenchToolSteps measures the steps of a tool loop: each iteration sends
// the next step of a turn (16 tools, a 13 KB system prompt, the history
// so far with one more assistant call and tool result than the step
// before) and drains answer, a complete SSE response in the provider's
// wire format. A turn has benchTurnSteps steps; the next iteration starts
// a new conversation, so one request in benchTurnSteps starts cold.
// ns/op is the request's way out and the short answer's way back.
func BenchToolSteps(b *testing.B, answer []byte, model string, newProvider func(baseURL string, hc *http.Client) llm.Provider) {
	b.Helper()
	var bodyBytes int
	p := benchProvider(b, answer, &bodyBytes, newProvider)
	system, tools := benchSystem(), benchTools()
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		req := &llm.Request{Model: model, System: system, Tools: tools, MaxTokens: 4096,
			Messages: benchHistory(i/benchTurnSteps, i%benchTurnSteps)}
		for _, err := range p.Stream(b.Context(), req) {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(bodyBytes), "last-body-B")
}

// benchSystem is a system prompt of about 13 KB in two blocks.
func benchSystem() []string {
	line := "You are a coding agent. Read files before you change them, keep edits small, and run the tests you touched.\n"
	return []string{strings.Repeat(line, 110), "Working directory: /work/project\nPlatform: linux"}
}

// benchTools are 16 tools with schemas of a few properties each.
func benchTools() []llm.ToolDef {
	out := make([]llm.ToolDef, 16)
	for i := range out {
		name := "tool_" + strconv.Itoa(i)
		schema := fmt.Sprintf(`{"type":"object","properties":{"path":{"type":"string","description":"The file or directory %d works on, relative to the working directory."},"pattern":{"type":"string","description":"A glob or regular expression."},"limit":{"type":"integer","minimum":1,"description":"At most this many results."},"flags":{"type":"array","items":{"type":"string","enum":["a","b","c"]}}},"required":["path"],"additionalProperties":false}`, i)
		out[i] = llm.ToolDef{Name: name, Description: strings.Repeat("Does the work of "+name+" carefully. ", 8), Schema: json.RawMessage(schema)}
	}
	return out
}

// benchHistory is conversation turn's history at step: its prompt, then
// step pairs of an assistant call and its tool result (about 1 KB).
func benchHistory(turn, step int) []llm.Message {
	msgs := []llm.Message{{Role: llm.RoleUser, Parts: []llm.Part{llm.Text("Turn " + strconv.Itoa(turn) + ": find where the config is loaded and explain it.")}}}
	result := strings.Repeat("internal/config/load.go:42: func Load(path string) (*Config, error) {\n", 14)
	for s := range step {
		id := "call_" + strconv.Itoa(turn) + "_" + strconv.Itoa(s)
		msgs = append(msgs,
			llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{
				llm.Text("Looking at step " + strconv.Itoa(s) + "."),
				llm.ToolCallPart(id, "tool_3", `{"path":"internal/config","pattern":"Load","limit":`+strconv.Itoa(s+1)+`}`),
			}},
			llm.Message{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult(id, "tool_3", result, false)}})
	}
	return msgs
}
