package tools

import (
	"strings"
	"testing"
)

func TestTodos(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	res := te.run(t, "todos", jsonArgs{"todos": []jsonArgs{
		{"content": "Read the code", "status": "completed"},
		{"content": "Fix the bug", "status": "in_progress", "active_form": "Fixing the bug"},
		{"content": "Run the tests", "status": "pending"},
	}})
	if res.IsError {
		t.Fatal(res.Content)
	}
	want := "[x] Read the code\n[>] Fix the bug\n[ ] Run the tests"
	if res.Display.Kind != DisplayList || res.Display.Body != want || !strings.Contains(res.Content, "1 of 3 done") {
		t.Errorf("result = %+v", res)
	}
	got := te.todos.lists["s1"]
	if len(got) != 3 || got[1] != (Todo{Content: "Fix the bug", Status: TodoInProgress, ActiveForm: "Fixing the bug"}) {
		t.Errorf("stored = %+v", got)
	}
	// The list is replaced, not merged.
	te.run(t, "todos", jsonArgs{"todos": []jsonArgs{}})
	if got := te.todos.lists["s1"]; len(got) != 0 {
		t.Errorf("after clearing: %+v", got)
	}
}

func TestTodosInvalid(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	tests := []struct {
		args jsonArgs
		want string
	}{
		{jsonArgs{"todos": []jsonArgs{{"content": "x", "status": "done"}}}, `"todos[0].status" must be one of "pending", "in_progress", "completed"`},
		{jsonArgs{"todos": []jsonArgs{{"content": " ", "status": "pending"}}}, "todo 1 has no content"},
		{jsonArgs{"todos": []jsonArgs{{"status": "pending"}}}, `missing required argument "todos[0].content"`},
		{jsonArgs{}, `missing required argument "todos"`},
	}
	for _, tt := range tests {
		res := te.run(t, "todos", tt.args)
		if !res.IsError || !strings.Contains(res.Content, tt.want) {
			t.Errorf("todos %v = %q, want error with %q", tt.args, res.Content, tt.want)
		}
	}
	te.Todos = nil
	if res := te.run(t, "todos", jsonArgs{"todos": []jsonArgs{}}); !res.IsError {
		t.Errorf("todos without a store: %+v", res)
	}
}
