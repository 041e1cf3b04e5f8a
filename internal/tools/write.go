package tools

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

//go:embed write.md
var writeDescription string

type writeParams struct {
	FilePath string `json:"file_path" jsonschema_description:"Path of the file to write: absolute, or relative to the working directory. Missing directories are created."`
	Content  string `json:"content" jsonschema_description:"The complete new content of the file."`
}

type writeTool struct {
	env    *Env
	schema json.RawMessage
}

func init() {
	register(func(env *Env) Tool { return &writeTool{env: env, schema: SchemaFor[writeParams]()} })
}

// Info describes write.
func (t *writeTool) Info() Info {
	return Info{Name: "write", Description: writeDescription, Schema: t.schema, Policy: PolicyWrite}
}

// Run creates or overwrites a whole file.
func (t *writeTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[writeParams](call)
	if err != nil {
		return Result{}, err
	}
	if strings.TrimSpace(p.FilePath) == "" {
		return ErrorResult("file_path is empty: give the path of the file to write."), nil
	}
	target, err := resolvePath(t.env, p.FilePath)
	if err != nil {
		return ErrorResult(err.Error()), nil
	}
	shown := shownPath(target)
	ch := change{tool: "write", verb: "Create", target: target, after: []byte(p.Content)}
	fi, err := os.Stat(target.Abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return ErrorResult(fmt.Sprintf("could not open %s: %v", shown, err)), nil
	case fi.IsDir():
		return ErrorResult(fmt.Sprintf("%s is a directory, not a file.", shown)), nil
	default:
		if msg := freshnessProblem(ctx, t.env, target.Abs, shown, fi); msg != "" {
			return ErrorResult(msg), nil
		}
		data, msg := readForChange(ctx, t.env, target.Abs, shown, fi)
		if msg != "" {
			return ErrorResult(msg), nil
		}
		if bytes.Equal(data, ch.after) {
			return Result{Content: fmt.Sprintf("%s already has this content; nothing was written.", shown),
				Display: Display{Kind: DisplayText, Title: shown, Path: target.Abs}}, nil
		}
		ch.verb, ch.stat, ch.before = "Write", fi, data
	}
	return applyChange(ctx, t.env, ch), nil
}
