package lsp

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/honecode/hone/internal/tools"
)

//go:embed diagnostics.md
var diagnosticsDescription string

type diagnosticsParams struct {
	FilePath string `json:"file_path,omitempty" jsonschema_description:"File to check (absolute, or relative to the working directory). Omit it to list the problems of the whole project."`
}

type diagnosticsTool struct {
	m      *Manager
	schema json.RawMessage
}

// Info describes diagnostics.
func (t *diagnosticsTool) Info() tools.Info {
	return tools.Info{Name: "diagnostics", Description: diagnosticsDescription, Schema: t.schema, Policy: tools.PolicyReadOnly}
}

// Run lists the problems of one file or of the project.
func (t *diagnosticsTool) Run(ctx context.Context, call tools.Call) (tools.Result, error) {
	p, err := decode[diagnosticsParams](call)
	if err != nil {
		return tools.Result{}, err
	}
	target, bad := t.m.resolveArg(p.FilePath)
	if bad != nil {
		return *bad, nil
	}
	byFile, err := t.m.Diagnostics(ctx, target)
	if err != nil {
		return t.m.failure(ctx, "diagnostics", err)
	}
	shown := make(map[string][]Diagnostic, len(byFile))
	for path, items := range byFile {
		if len(items) > 0 {
			shown[t.m.shown(path)] = items
		}
	}
	where, title := "the project", "project"
	if target != "" {
		where, title = t.m.shown(target), t.m.shown(target)
	}
	text, total := formatFiles(shown)
	if total == 0 {
		text = fmt.Sprintf("No problems reported in %s.", where)
	} else {
		text = fmt.Sprintf("%s in %s:\n%s", count(total, "problem"), where, text)
	}
	return tools.Result{Content: text, Display: tools.Display{Kind: tools.DisplayText, Title: "diagnostics: " + title, Body: text}}, nil
}
