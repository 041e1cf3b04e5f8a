package agent_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/agent/agenttest"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/tools"
)

// modeTool is a registry tool whose Run calls fn.
type modeTool struct {
	info tools.Info
	fn   func()
}

func (m *modeTool) Info() tools.Info { return m.info }

func (m *modeTool) Run(context.Context, tools.Call) (tools.Result, error) {
	if m.fn != nil {
		m.fn()
	}
	return tools.Result{Content: "ok"}, nil
}

// modeSetup is a Coordinator over a real registry (view, write, bash) and
// a real permission service as the mode's source.
func modeSetup(t *testing.T, model *fake.Model, mode permission.Mode) (*agent.Coordinator, *permission.Service, string) {
	t.Helper()
	perms, err := permission.NewService(permission.Config{ProjectDir: t.TempDir(), Rules: permission.Rules{Mode: mode}})
	if err != nil {
		t.Fatal(err)
	}
	schema := json.RawMessage(`{"type":"object"}`)
	reg := tools.NewRegistry(
		&modeTool{info: tools.Info{Name: "view", Description: "read", Schema: schema, Policy: tools.PolicyReadOnly},
			fn: func() { _ = perms.SetMode(permission.ModeDefault) }},
		&modeTool{info: tools.Info{Name: "write", Description: "write", Schema: schema, Policy: tools.PolicyWrite}},
		&modeTool{info: tools.Info{Name: "bash", Description: "run", Schema: schema, Policy: tools.PolicyExecute, PlanNote: "only reads"}},
	)
	sess := agenttest.NewSessions()
	co := agent.NewCoordinator(agent.Config{
		Large: []agent.Candidate{candidate("a", model)}, WorkDir: t.TempDir(), DisableTitles: true, DisableGit: true,
	}, agent.Deps{Messages: agenttest.NewMessages(), Sessions: sess, Tools: reg, Modes: perms})
	t.Cleanup(func() { co.Close() })
	s, err := sess.Create(t.Context(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return co, perms, s.ID
}

func toolNames(req llm.Request) []string {
	var out []string
	for _, d := range req.Tools {
		out = append(out, d.Name)
	}
	return out
}

func systemText(req llm.Request) string { return strings.Join(req.System, "\n") }

func TestPlanModeOffersOnlyWhatItAllowsAndSaysSo(t *testing.T) {
	t.Parallel()
	model := fake.New(fake.Turn{fake.Text("Here is the plan.")})
	co, _, sid := modeSetup(t, model, permission.ModePlan)
	if _, err := co.Run(t.Context(), sid, "plan the change", nil); err != nil {
		t.Fatal(err)
	}
	req := model.Requests()[0]
	if got := toolNames(req); !slices.Equal(got, []string{"bash", "view"}) {
		t.Errorf("tools offered in plan mode = %v, want [bash view]", got)
	}
	if sys := systemText(req); !strings.Contains(sys, "Plan mode is on") || !strings.Contains(sys, "# Permission mode") {
		t.Errorf("the system prompt does not say plan mode is on:\n%s", sys)
	}
	for _, d := range req.Tools {
		if d.Name == "bash" && !strings.HasSuffix(d.Description, "only reads") {
			t.Errorf("bash description in plan mode = %q, want the plan note appended", d.Description)
		}
	}
}

func TestModeSwitchDuringATurnChangesToolsAndTellsTheModel(t *testing.T) {
	t.Parallel()
	model := fake.New(
		fake.Turn{fake.ToolCall("view", map[string]any{})}, // its run switches to default
		fake.Turn{fake.Text("Now I can write.")},
	)
	co, _, sid := modeSetup(t, model, permission.ModePlan)
	if _, err := co.Run(t.Context(), sid, "go", nil); err != nil {
		t.Fatal(err)
	}
	reqs := model.Requests()
	if got := toolNames(reqs[1]); !slices.Equal(got, []string{"bash", "view", "write"}) {
		t.Errorf("tools after switching to default = %v", got)
	}
	sys := systemText(reqs[1])
	if !strings.Contains(sys, "switched the permission mode from plan to default") || strings.Contains(sys, "Plan mode is on") {
		t.Errorf("the system prompt after the switch does not say it:\n%s", sys)
	}
}

func TestModeSwitchBetweenTurnsIsNoted(t *testing.T) {
	t.Parallel()
	model := fake.New(fake.Turn{fake.Text("one")}, fake.Turn{fake.Text("two")}, fake.Turn{fake.Text("three")})
	co, perms, sid := modeSetup(t, model, permission.ModeDefault)
	run := func() {
		t.Helper()
		if _, err := co.Run(t.Context(), sid, "go", nil); err != nil {
			t.Fatal(err)
		}
	}
	run()
	_ = perms.SetMode(permission.ModePlan)
	run()
	run()
	reqs := model.Requests()
	if sys := systemText(reqs[0]); strings.Contains(sys, "Permission mode") {
		t.Errorf("default mode adds a section to the system prompt:\n%s", sys)
	}
	if sys := systemText(reqs[1]); !strings.Contains(sys, "Plan mode is on") || !strings.Contains(sys, "from default to plan") {
		t.Errorf("the turn after the switch is not told:\n%s", sys)
	}
	if sys := systemText(reqs[2]); !strings.Contains(sys, "Plan mode is on") || strings.Contains(sys, "switched") {
		t.Errorf("the next turn in plan mode repeats the switch or forgets plan mode:\n%s", sys)
	}
}
