package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
)

//go:embed todos.md
var todosDescription string

// Todo statuses.
const (
	TodoPending    = "pending"
	TodoInProgress = "in_progress"
	TodoCompleted  = "completed"
)

type todoParam struct {
	Content    string `json:"content" jsonschema_description:"What needs doing, in the imperative (Run the tests)."`
	Status     string `json:"status" jsonschema_description:"pending, in_progress or completed." jsonschema:"enum=pending,enum=in_progress,enum=completed"`
	ActiveForm string `json:"active_form,omitempty" jsonschema_description:"The same task in the present continuous (Running the tests), shown while it is in progress."`
}

type todosParams struct {
	Todos []todoParam `json:"todos" jsonschema_description:"The complete, updated list; it replaces the previous one."`
}

type todosTool struct {
	env    *Env
	schema json.RawMessage
}

func init() {
	register(func(env *Env) Tool { return &todosTool{env: env, schema: SchemaFor[todosParams]()} })
}

// Info describes todos.
func (t *todosTool) Info() Info {
	return Info{Name: "todos", Description: todosDescription, Schema: t.schema, Policy: PolicyReadOnly}
}

// Run replaces the session's todo list.
func (t *todosTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[todosParams](call)
	if err != nil {
		return Result{}, err
	}
	if t.env.Todos == nil {
		return ErrorResult("todo lists are not available in this session."), nil
	}
	todos := make([]Todo, len(p.Todos))
	for i, td := range p.Todos {
		switch {
		case strings.TrimSpace(td.Content) == "":
			return ErrorResult(fmt.Sprintf("todo %d has no content.", i+1)), nil
		case td.Status != TodoPending && td.Status != TodoInProgress && td.Status != TodoCompleted:
			return ErrorResult(fmt.Sprintf("todo %d has status %q; use pending, in_progress or completed.", i+1, td.Status)), nil
		}
		todos[i] = Todo(td)
	}
	if err := t.env.Todos.SetTodos(ctx, CallFrom(ctx).SessionID, todos); err != nil {
		return Result{}, fmt.Errorf("save todos: %w", err)
	}
	body := renderTodos(todos)
	done := 0
	for _, td := range todos {
		if td.Status == TodoCompleted {
			done++
		}
	}
	content := fmt.Sprintf("Todo list updated (%d of %d done).", done, len(todos))
	if len(todos) > 0 {
		content += "\n" + body
	}
	return Result{Content: content, Display: Display{Kind: DisplayList, Title: fmt.Sprintf("%d/%d done", done, len(todos)), Body: body}}, nil
}

// renderTodos shows the list as checkboxes: [x] done, [>] in progress, [ ] pending.
func renderTodos(todos []Todo) string {
	lines := make([]string, len(todos))
	for i, td := range todos {
		mark := "[ ]"
		switch td.Status {
		case TodoCompleted:
			mark = "[x]"
		case TodoInProgress:
			mark = "[>]"
		}
		lines[i] = mark + " " + td.Content
	}
	return strings.Join(lines, "\n")
}
