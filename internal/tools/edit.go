package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

//go:embed edit.md
var editDescription string

type editParams struct {
	FilePath   string `json:"file_path" jsonschema_description:"Path of the file to change: absolute, or relative to the working directory."`
	OldString  string `json:"old_string" jsonschema_description:"The exact text to replace, including whitespace and indentation. Empty to create a new file containing new_string."`
	NewString  string `json:"new_string" jsonschema_description:"The text that replaces old_string (must differ from it)."`
	ReplaceAll bool   `json:"replace_all,omitempty" jsonschema_description:"Replace every occurrence of old_string instead of requiring exactly one."`
}

type editTool struct {
	env    *Env
	schema json.RawMessage
}

func init() {
	register(func(env *Env) Tool { return &editTool{env: env, schema: SchemaFor[editParams]()} })
}

// Info describes edit.
func (t *editTool) Info() Info {
	return Info{Name: "edit", Description: editDescription, Schema: t.schema, Policy: PolicyWrite}
}

// Run replaces one string in a file, or creates a file.
func (t *editTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[editParams](call)
	if err != nil {
		return Result{}, err
	}
	ch, msg := prepareEdits(ctx, t.env, "edit", p.FilePath, []editParams{p})
	if msg != "" {
		return ErrorResult(msg), nil
	}
	return applyChange(ctx, t.env, ch), nil
}

// prepareEdits reads the file and applies edits in order in memory. An
// empty old_string in the first edit creates the file. msg explains a
// failure to the model; nothing is written then.
func prepareEdits(ctx context.Context, env *Env, tool, path string, edits []editParams) (change, string) {
	if strings.TrimSpace(path) == "" {
		return change{}, "file_path is empty: give the path of the file to change."
	}
	target, err := resolvePath(env, path)
	if err != nil {
		return change{}, err.Error()
	}
	shown := shownPath(target)
	ch := change{tool: tool, verb: "Edit", target: target}
	fi, err := os.Stat(target.Abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if edits[0].OldString != "" {
			return ch, missingFile(target) + " To create a file, give an empty old_string."
		}
		ch.verb, ch.after = "Create", []byte{} // the first edit fills the empty file
	case err != nil:
		return ch, fmt.Sprintf("could not open %s: %v", shown, err)
	case fi.IsDir():
		return ch, fmt.Sprintf("%s is a directory, not a file.", shown)
	default:
		if edits[0].OldString == "" && fi.Size() > 0 {
			return ch, fmt.Sprintf("%s already exists; old_string may be empty only to create a file. Give the text to replace.", shown)
		}
		if msg := freshnessProblem(ctx, env, target.Abs, shown, fi); msg != "" && fi.Size() > 0 {
			return ch, msg
		}
		data, msg := readForChange(ctx, env, target.Abs, shown, fi)
		if msg != "" {
			return ch, msg
		}
		ch.stat, ch.before, ch.after = fi, data, data
	}
	return applyEdits(ch, edits)
}

// applyEdits applies edits to ch.after in order, all or nothing.
func applyEdits(ch change, edits []editParams) (change, string) {
	content := string(ch.after)
	var notes []string
	for i, e := range edits {
		out, note, err := editOnce(content, e)
		if err != nil {
			if len(edits) == 1 {
				return ch, err.Error() + "."
			}
			return ch, fmt.Sprintf("edit %d of %d failed: %v. No edits were applied; the file is unchanged.", i+1, len(edits), err)
		}
		content = out
		if note != "" {
			notes = append(notes, note)
		}
	}
	ch.after, ch.note = []byte(content), strings.Join(notes, "\n")
	return ch, ""
}

// editOnce applies one edit to content (an empty file may be filled with
// an empty old_string).
func editOnce(content string, e editParams) (string, string, error) {
	if e.OldString == "" {
		if content != "" {
			return "", "", fmt.Errorf("old_string is empty; give the text to replace")
		}
		return e.NewString, "", nil
	}
	return replaceString(content, e.OldString, e.NewString, e.ReplaceAll)
}
