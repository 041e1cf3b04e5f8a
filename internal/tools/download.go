package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/honecode/hone/internal/fsguard"
	"github.com/honecode/hone/internal/permission"
)

//go:embed download.md
var downloadDescription string

// Limits of one download call.
const (
	downloadMaxBytes       = 100 << 20
	downloadDefaultTimeout = 120 // seconds
	downloadMaxTimeout     = 600
)

type downloadParams struct {
	URL      string `json:"url" jsonschema_description:"The http or https URL to download."`
	FilePath string `json:"file_path" jsonschema_description:"Where to save the file: absolute, or relative to the working directory. Missing directories are created; an existing file is replaced."`
	Timeout  int    `json:"timeout,omitempty" jsonschema_description:"Timeout in seconds (default 120, at most 600)." jsonschema:"minimum=1,maximum=600"`
}

type downloadTool struct {
	env      *Env
	schema   json.RawMessage
	maxBytes int64
}

func init() {
	register(func(env *Env) Tool {
		return &downloadTool{env: env, schema: SchemaFor[downloadParams](), maxBytes: downloadMaxBytes}
	})
}

// Info describes download. Its policy is write: every call saves a file,
// so plan mode does not offer it.
func (t *downloadTool) Info() Info {
	return Info{Name: "download", Description: downloadDescription, Schema: t.schema, Policy: PolicyWrite}
}

// Run streams a URL to a file.
func (t *downloadTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[downloadParams](call)
	if err != nil {
		return Result{}, err
	}
	u, msg := parseWebURL(p.URL)
	if msg != "" {
		return ErrorResult(msg), nil
	}
	if strings.TrimSpace(p.FilePath) == "" {
		return ErrorResult("file_path is empty: give the path to save the download to."), nil
	}
	target, err := resolvePath(t.env, p.FilePath)
	if err != nil {
		return ErrorResult(err.Error()), nil
	}
	shown := shownPath(target)
	if fi, err := os.Stat(target.Abs); err == nil && fi.IsDir() {
		return ErrorResult(fmt.Sprintf("%s is a directory; give a file path.", shown)), nil
	}
	if res, ok := t.ask(ctx, target, u.String()); !ok {
		return res, nil
	}
	ctx, cancel := context.WithTimeout(ctx, timeoutSeconds(p.Timeout, downloadDefaultTimeout, downloadMaxTimeout))
	defer cancel()
	resp, err := webGet(ctx, t.env, u, "")
	if err != nil {
		return ErrorResult(fmt.Sprintf("could not download %s: %v", u, err)), nil
	}
	defer resp.Body.Close()
	before := readBefore(target.Abs)
	n, err := fsguard.WriteFrom(target.Abs, resp.Body, fsguard.WriteOptions{MkdirAll: true, MaxBytes: t.maxBytes})
	if errors.Is(err, fsguard.ErrTooLarge) {
		return ErrorResult(fmt.Sprintf("%s is larger than the %d byte limit; nothing was saved.", u, t.maxBytes)), nil
	}
	if err != nil {
		return ErrorResult(fmt.Sprintf("could not save %s to %s: %v", u, shown, err)), nil
	}
	content := fmt.Sprintf("Downloaded %s to %s (%d bytes, %s).", u, shown, n, orUnknown(resp.Header.Get("Content-Type")))
	content += saveDownload(ctx, t.env, target.Abs, before, n)
	if t.env.Watcher != nil {
		if diag := t.env.Watcher.Changed(ctx, target.Abs); diag != "" {
			content += "\n\n" + diag
		}
	}
	return Result{Content: content, Display: Display{Kind: DisplayText, Title: shown, Path: target.Abs, Body: content}}, nil
}

// ask asks for network access and, for a target outside the project, for
// writing there too.
func (t *downloadTool) ask(ctx context.Context, target fsguard.Resolved, rawURL string) (Result, bool) {
	if !target.Inside {
		if res, ok := askPermission(ctx, t.env, permission.Request{
			ToolName: "download", Action: permission.ActionWrite, Path: target.Abs, OutsideProject: true,
			Description: fmt.Sprintf("Save a download to %s (outside the project)", target.Abs),
		}); !ok {
			return res, false
		}
	}
	return askPermission(ctx, t.env, permission.Request{
		ToolName: "download", Action: permission.ActionNetwork, Path: target.Abs, OutsideProject: !target.Inside,
		WritesFile:  true,
		Description: fmt.Sprintf("Download %s to %s", rawURL, shownPath(target)),
	})
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown type"
	}
	return s
}
