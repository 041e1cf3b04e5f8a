package tools

import (
	"slices"
	"strings"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/permission"
)

// Manifest returns the definitions offered to the model in mode, sorted by
// name so that the request prefix stays byte-identical between calls. It
// is the one place that decides which tools the model sees:
//
//   - in plan mode, tools that change files (policy write) or run
//     programs (policy execute) are left out, since plan mode refuses
//     their calls; a tool with a PlanNote stays, with the note appended
//     to its description (bash, whose read-only commands still run);
//   - a tool whose Requires are not all offered is left out (job_output
//     and job_kill without bash); when they are, it is offered whatever
//     its own policy, since it acts only on what they started.
//
// Every other mode (default, accept-edits, yolo and any mode that only
// changes who is asked) offers every tool.
func (r *Registry) Manifest(mode permission.Mode) []llm.ToolDef {
	r.mu.RLock()
	infos := make([]Info, 0, len(r.tools))
	for _, e := range r.tools {
		infos = append(infos, e.info)
	}
	r.mu.RUnlock()
	plan := mode == permission.ModePlan
	offered := make(map[string]bool, len(infos))
	for _, in := range infos {
		if len(in.Requires) == 0 && (!plan || offeredInPlan(in)) {
			offered[in.Name] = true
		}
	}
	defs := make([]llm.ToolDef, 0, len(infos))
	for _, in := range infos {
		if !offered[in.Name] && !(len(in.Requires) > 0 && allOffered(in.Requires, offered)) {
			continue
		}
		desc := in.Description
		if plan && in.PlanNote != "" {
			desc = strings.TrimRight(desc, "\n") + "\n\n" + in.PlanNote
		}
		defs = append(defs, llm.ToolDef{Name: in.Name, Description: desc, Schema: in.Schema})
	}
	slices.SortFunc(defs, func(a, b llm.ToolDef) int { return strings.Compare(a.Name, b.Name) })
	return defs
}

// offeredInPlan reports whether plan mode lets some calls of the tool run.
func offeredInPlan(in Info) bool {
	switch in.Policy {
	case PolicyWrite, PolicyExecute:
		return in.PlanNote != ""
	}
	return true
}

func allOffered(names []string, offered map[string]bool) bool {
	for _, n := range names {
		if !offered[n] {
			return false
		}
	}
	return true
}

// Policy returns the policy of the tool called name ("" when there is
// none).
func (r *Registry) Policy(name string) Policy {
	e, ok := r.lookup(name)
	if !ok {
		return ""
	}
	return e.info.Policy
}
