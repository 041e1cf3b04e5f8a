package tools

import (
	"context"
	_ "embed"
	"encoding/json"
)

//go:embed multiedit.md
var multieditDescription string

type multiEditOp struct {
	OldString  string `json:"old_string" jsonschema_description:"The exact text to replace. Empty only in the first edit, to create a new file."`
	NewString  string `json:"new_string" jsonschema_description:"The text that replaces old_string."`
	ReplaceAll bool   `json:"replace_all,omitempty" jsonschema_description:"Replace every occurrence instead of requiring exactly one."`
}

type multiEditParams struct {
	FilePath string        `json:"file_path" jsonschema_description:"Path of the file to change: absolute, or relative to the working directory."`
	Edits    []multiEditOp `json:"edits" jsonschema_description:"Edits applied in order, each to the result of the previous one." jsonschema:"minItems=1"`
}

type multiEditTool struct {
	env    *Env
	schema json.RawMessage
}

func init() {
	register(func(env *Env) Tool { return &multiEditTool{env: env, schema: SchemaFor[multiEditParams]()} })
}

// Info describes multiedit.
func (t *multiEditTool) Info() Info {
	return Info{Name: "multiedit", Description: multieditDescription, Schema: t.schema, Policy: PolicyWrite}
}

// Run applies several edits to one file, all or nothing.
func (t *multiEditTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[multiEditParams](call)
	if err != nil {
		return Result{}, err
	}
	if len(p.Edits) == 0 {
		return ErrorResult("edits is empty: give at least one edit."), nil
	}
	edits := make([]editParams, len(p.Edits))
	for i, e := range p.Edits {
		edits[i] = editParams{FilePath: p.FilePath, OldString: e.OldString, NewString: e.NewString, ReplaceAll: e.ReplaceAll}
	}
	ch, msg := prepareEdits(ctx, t.env, "multiedit", p.FilePath, edits)
	if msg != "" {
		return ErrorResult(msg), nil
	}
	return applyChange(ctx, t.env, ch), nil
}
