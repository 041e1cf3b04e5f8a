package tools

import (
	"context"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/extend"
	"github.com/honecode/hone/internal/permission"
)

func TestSkillLoadsInstructionsAndListsFiles(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	if _, ok := NewRegistry(Builtins(te.Env)...).Get("skill"); ok {
		t.Fatal("skill offered without skills")
	}
	te.Skills = []extend.Skill{{Name: "csv-summary", Description: "Summarize CSV", Dir: "/skills/csv-summary",
		Body: "Run scripts/summarize.py.", Files: []string{"scripts/summarize.py"}}}
	res := te.run(t, "skill", jsonArgs{"name": "csv-summary"})
	for _, want := range []string{"Base directory of this skill: /skills/csv-summary", "Run scripts/summarize.py.", "- scripts/summarize.py"} {
		if res.IsError || !strings.Contains(res.Content, want) {
			t.Errorf("result lacks %q: %+v", want, res)
		}
	}
	res = te.run(t, "skill", jsonArgs{"name": "pdf"})
	if !res.IsError || !strings.Contains(res.Content, "Available skills: csv-summary") {
		t.Errorf("unknown skill: %+v", res)
	}
	reg := NewRegistry(Builtins(te.Env)...)
	if !reg.ReadOnly("skill") || len(reg.Manifest(permission.ModePlan)) == 0 {
		t.Error("skill is not read-only")
	}
}

// namedRunner is a sub-agent runner that also runs custom sub-agents.
type namedRunner struct {
	fakeSubAgent
	named [][2]string
}

func (n *namedRunner) RunNamedSubAgent(_ context.Context, _, _, name, prompt string) (string, error) {
	n.named = append(n.named, [2]string{name, prompt})
	return "reviewed by " + name, nil
}

func TestCustomSubAgentsThroughAgentAndTheirOwnTool(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	runner := &namedRunner{}
	te.SubAgent = runner
	te.SubAgents = []SubAgentInfo{{Name: "reviewer", Description: "Reviews diffs for bugs."}}
	reg := NewRegistry(Builtins(te.Env)...)
	reg.Add(NewNamedAgent(te.Env, te.SubAgents[0]))
	var agentDesc string
	for _, d := range reg.Manifest(permission.ModeDefault) {
		if d.Name == "agent" {
			agentDesc = d.Description
		}
	}
	if !strings.Contains(agentDesc, "- reviewer: Reviews diffs for bugs.") {
		t.Errorf("agent description lacks the sub-agent:\n%s", agentDesc)
	}
	if res := runOn(t, reg, "agent", jsonArgs{"prompt": "check main.go", "subagent_type": "reviewer"}); res.Content != "reviewed by reviewer" {
		t.Errorf("subagent_type: %+v", res)
	}
	if res := runOn(t, reg, "reviewer", jsonArgs{"prompt": "check util.go"}); res.Content != "reviewed by reviewer" {
		t.Errorf("own tool: %+v", res)
	}
	if res := runOn(t, reg, "agent", jsonArgs{"prompt": "x", "subagent_type": "nobody"}); !res.IsError || !strings.Contains(res.Content, "Available: reviewer") {
		t.Errorf("unknown type: %+v", res)
	}
	if len(runner.named) != 2 || runner.named[1] != [2]string{"reviewer", "check util.go"} {
		t.Errorf("named calls = %v", runner.named)
	}
}
