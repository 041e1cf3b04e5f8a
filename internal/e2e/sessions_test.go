package e2e

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// exportDoc is the part of `hone sessions show --json` the tests read.
type exportDoc struct {
	Format  string `json:"format"`
	Session struct {
		ID         string `json:"id"`
		ProjectDir string `json:"project_dir"`
		Title      string `json:"title"`
	} `json:"session"`
	Messages []struct {
		Role  string `json:"role"`
		Parts []struct {
			Type       string `json:"type"`
			Text       string `json:"text"`
			ToolCallID string `json:"tool_call_id"`
			ToolName   string `json:"tool_name"`
			Input      string `json:"input"`
			IsError    bool   `json:"is_error"`
		} `json:"parts"`
	} `json:"messages"`
}

// assistantText is the text of every assistant message, joined.
func (d exportDoc) assistantText() string {
	var b strings.Builder
	for _, m := range d.Messages {
		if m.Role != "assistant" {
			continue
		}
		for _, p := range m.Parts {
			if p.Type == "text" {
				b.WriteString(p.Text)
			}
		}
	}
	return b.String()
}

// parts returns the parts of type typ, in order.
func (d exportDoc) parts(typ string) []string {
	var out []string
	for _, m := range d.Messages {
		for _, p := range m.Parts {
			if p.Type == typ {
				out = append(out, p.ToolCallID+" "+p.ToolName+" "+p.Input+p.Text)
			}
		}
	}
	return out
}

// sessionIDs lists the ids of the project's sessions, newest first.
func (e *env) sessionIDs() []string {
	e.t.Helper()
	r := e.mustRun(0, "sessions", "list", "--json")
	var list []struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil {
		e.t.Fatalf("sessions list --json: %v\n%s", err, r.stdout)
	}
	ids := make([]string, len(list))
	for i, s := range list {
		ids[i] = s.ID
	}
	return ids
}

// showSession returns `hone sessions show --json id`.
func (e *env) showSession(id string) exportDoc {
	e.t.Helper()
	r := e.mustRun(0, "sessions", "show", "--json", id)
	var doc exportDoc
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		e.t.Fatalf("sessions show --json: %v\n%s", err, r.stdout)
	}
	return doc
}

func TestSessionsCommandsShowTheConversation(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.writeProjectFile("main.go", "package main\n")
	e.useFake(script{
		Turns: []any{
			turn(text("Looking for Go files."), toolCall("call_glob", "glob", map[string]any{"pattern": "*.go"})),
			"There is one Go file.",
		},
		Side: []string{"Go files"},
	})
	e.mustRun(0, "run", "find the go files")
	ids := e.sessionIDs()
	if len(ids) != 1 {
		t.Fatalf("sessions list: want 1 session, got %v", ids)
	}
	id := ids[0]

	doc := e.showSession(id[:8])
	if doc.Session.ID != id || doc.Session.ProjectDir != e.project {
		t.Errorf("show --json session = %+v, want id %s in %s", doc.Session, id, e.project)
	}
	calls, results := doc.parts("tool_call"), doc.parts("tool_result")
	if len(calls) != 1 || !strings.HasPrefix(calls[0], `call_glob glob {"pattern":"*.go"}`) {
		t.Errorf("tool calls = %q", calls)
	}
	if len(results) != 1 || !strings.Contains(results[0], "main.go") {
		t.Errorf("tool results = %q", results)
	}

	show := e.mustRun(0, "sessions", "show", id)
	mustContain(t, "sessions show", show.stdout, "find the go files", "glob", "main.go", "There is one Go file.")
	list := e.mustRun(0, "sessions", "list")
	mustContain(t, "sessions list", list.stdout, id[:8])

	md := e.mustRun(0, "sessions", "export", id)
	mustContain(t, "export (markdown)", md.stdout, "find the go files", "call_glob", "main.go", "There is one Go file.")
	out := e.projectFile("session.json")
	e.mustRun(0, "sessions", "export", "--format", "json", "-o", out, id)
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var exported exportDoc
	if err := json.Unmarshal(data, &exported); err != nil || exported.Format != "hone.session" || len(exported.Messages) != len(doc.Messages) {
		t.Errorf("export --format json: %v, format %q, %d messages (show has %d)", err, exported.Format, len(exported.Messages), len(doc.Messages))
	}
}
