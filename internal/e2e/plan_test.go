package e2e

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// offeredTools are the names of the tools a request offers, sorted.
func offeredTools(t testing.TB, b chatBody) []string {
	t.Helper()
	var out []string
	for _, raw := range b.Tools {
		var def struct {
			Function struct {
				Name string `json:"name"`
			} `json:"function"`
		}
		if err := json.Unmarshal(raw, &def); err != nil {
			t.Fatalf("tool definition %s: %v", raw, err)
		}
		out = append(out, def.Function.Name)
	}
	slices.Sort(out)
	return out
}

func TestPlanModeOffersReadOnlyToolsAndTellsTheModel(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	srv := serveReplies(t, reply{text: "1. Change main.go. 2. Run the tests."})
	cfg := serverConfig(srv.URL())
	cfg["permissions"] = map[string]any{"mode": "plan"}
	e.useConfig(cfg)
	r := e.mustRun(0, "run", "plan the refactor")
	mustContain(t, "stdout", r.stdout, "1. Change main.go.")
	mains := srv.MainRequests()
	if len(mains) != 1 {
		t.Fatalf("want 1 main request, got %d", len(mains))
	}
	want := []string{"agent", "bash", "fetch", "glob", "grep", "job_kill", "job_output", "ls", "sourcegraph", "todos", "view"}
	if got := offeredTools(t, mains[0].Body); !slices.Equal(got, want) {
		t.Errorf("tools offered in plan mode = %v\nwant %v", got, want)
	}
	sys := mains[0].Body.textOf("system")
	mustContain(t, "system prompt", sys, "# Permission mode", "Plan mode is on")
}

func TestDefaultModeOffersEveryToolButNoJobToolsWithoutBash(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	srv := serveReplies(t, reply{text: "Done."})
	cfg := serverConfig(srv.URL())
	cfg["options"] = map[string]any{"disabled_tools": []string{"bash"}}
	e.useConfig(cfg)
	e.mustRun(0, "run", "hello")
	mains := srv.MainRequests()
	if len(mains) != 1 {
		t.Fatalf("want 1 main request, got %d", len(mains))
	}
	want := []string{"agent", "download", "edit", "fetch", "glob", "grep", "ls", "multiedit", "sourcegraph", "todos", "view", "write"}
	if got := offeredTools(t, mains[0].Body); !slices.Equal(got, want) {
		t.Errorf("tools offered with bash disabled = %v\nwant %v", got, want)
	}
	if sys := mains[0].Body.textOf("system"); strings.Contains(sys, "Permission mode") {
		t.Errorf("default mode adds a permission-mode section:\n%s", sys)
	}
}
