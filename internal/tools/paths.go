package tools

import (
	"context"
	"fmt"

	"github.com/honecode/hone/internal/fsguard"
	"github.com/honecode/hone/internal/permission"
)

// resolvePath judges a path argument against the project (env.WorkDir);
// an empty path means the working directory itself.
func resolvePath(env *Env, path string) (fsguard.Resolved, error) {
	r, err := fsguard.Resolve(env.WorkDir, path)
	if err != nil {
		return r, fmt.Errorf("resolve path: %w", err)
	}
	return r, nil
}

// readAccess resolves a path the tool is about to read. Paths inside the
// project need no permission; anything outside asks for ActionRead. When
// ok is false, res is the result to return.
func readAccess(ctx context.Context, env *Env, tool, path string) (target fsguard.Resolved, res Result, ok bool) {
	target, err := resolvePath(env, path)
	if err != nil {
		return target, ErrorResult(err.Error()), false
	}
	if target.Inside {
		res, ok = denyByRule(env, permission.Request{ToolName: tool, Action: permission.ActionRead, Path: target.Abs})
		return target, res, ok
	}
	res, ok = askPermission(ctx, env, permission.Request{
		ToolName:       tool,
		Action:         permission.ActionRead,
		Path:           target.Abs,
		Description:    fmt.Sprintf("Read %s (outside the project)", target.Abs),
		OutsideProject: true,
	})
	return target, res, ok
}

// shownPath is how results name a path: relative to the project when
// inside it, absolute otherwise.
func shownPath(r fsguard.Resolved) string {
	if r.Inside {
		return r.Rel
	}
	return r.Abs
}
