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
	if target.Inside || ownArtifact(ctx, env, target.Abs) || inSkill(env, target.Abs) {
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

// inSkill reports whether abs (symlinks resolved) lies in the folder of
// a loaded skill: its instructions send the model to read its references,
// which need no permission, like the project's files.
func inSkill(env *Env, abs string) bool {
	for _, dir := range env.SkillDirs {
		if fsguard.Within(dir, abs) {
			return true
		}
	}
	return false
}

// shownPath is how results name a path: relative to the project when
// inside it, absolute otherwise.
func shownPath(r fsguard.Resolved) string {
	if r.Inside {
		return r.Rel
	}
	return r.Abs
}

// ownArtifact reports whether abs (symlinks resolved) is a saved output
// of the calling session: Hone's own data, readable without asking. Other
// sessions' artifacts and the rest of the data directory are not.
func ownArtifact(ctx context.Context, env *Env, abs string) bool {
	return env.Artifacts != nil && env.Artifacts.Owns(CallFrom(ctx).SessionID, abs)
}

// artifactGone explains a missing artifact of the session ("" when abs is
// not one).
func artifactGone(ctx context.Context, env *Env, abs string) string {
	if !ownArtifact(ctx, env, abs) {
		return ""
	}
	return fmt.Sprintf("%s no longer exists: saved outputs are deleted, oldest first, when the session's artifact quota (%s) is exceeded. Run the command again for fresh output.",
		abs, sizeText(env.Artifacts.Quota()))
}
