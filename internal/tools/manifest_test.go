package tools

import (
	"slices"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/permission"
)

func defNames(defs []llm.ToolDef) []string {
	out := make([]string, len(defs))
	for i, d := range defs {
		out[i] = d.Name
	}
	return out
}

func TestManifestPerMode(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	reg := NewRegistry(Builtins(te.Env)...)
	reg.Add(&stubTool{name: "mcp_gh_issue", policy: PolicyExecute})
	reg.Add(&stubTool{name: "diagnostics", policy: PolicyReadOnly})
	all := []string{"agent", "bash", "diagnostics", "download", "edit", "fetch", "glob", "grep", "job_kill",
		"job_output", "ls", "mcp_gh_issue", "multiedit", "sourcegraph", "todos", "view", "write"}
	plan := []string{"agent", "bash", "diagnostics", "fetch", "glob", "grep", "job_kill", "job_output", "ls", "sourcegraph", "todos", "view"}
	for _, tt := range []struct {
		mode permission.Mode
		want []string
	}{
		{permission.ModeDefault, all},
		{permission.ModeAcceptEdits, all},
		{permission.ModeYolo, all},
		{permission.Mode("auto"), all}, // a mode that only changes who is asked
		{permission.ModePlan, plan},
	} {
		if got := defNames(reg.Manifest(tt.mode)); !slices.Equal(got, tt.want) {
			t.Errorf("Manifest(%s) = %v\nwant %v", tt.mode, got, tt.want)
		}
	}
	for _, d := range reg.Manifest(permission.ModePlan) {
		if d.Name == "bash" && !strings.Contains(d.Description, "Plan mode is on") {
			t.Errorf("bash in plan mode does not say that only reading commands run:\n%s", d.Description)
		}
	}
	for _, d := range reg.Manifest(permission.ModeDefault) {
		if strings.Contains(d.Description, "Plan mode") {
			t.Errorf("%s mentions plan mode outside plan mode", d.Name)
		}
	}
}

func TestManifestDropsCompanionsOfAMissingTool(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	reg := NewRegistry(Builtins(te.Env)...)
	reg.Remove("bash") // options.disabled_tools
	for _, mode := range []permission.Mode{permission.ModeDefault, permission.ModePlan} {
		got := defNames(reg.Manifest(mode))
		if slices.Contains(got, "job_output") || slices.Contains(got, "job_kill") {
			t.Errorf("Manifest(%s) offers job tools without bash: %v", mode, got)
		}
	}
	if got := defNames(reg.Definitions()); slices.Contains(got, "job_output") {
		t.Errorf("Definitions offers job_output without bash: %v", got)
	}
}
