package tuibackend

import (
	"context"
	"path/filepath"

	"github.com/honecode/hone/internal/tools"
	"github.com/honecode/hone/internal/tui"
)

// FileHistory returns every recorded version of the files the session
// changed, each with the diff from the file's previous version.
func (b *Backend) FileHistory(ctx context.Context, sessionID string) ([]tui.FileVersion, error) {
	vs, err := b.store.History.Versions(ctx, sessionID)
	if err != nil {
		return nil, err
	}
	out := make([]tui.FileVersion, 0, len(vs))
	for i, v := range vs {
		shown := v.Path
		if rel, err := filepath.Rel(b.app.WorkDir(), v.Path); err == nil && filepath.IsLocal(rel) {
			shown = rel
		}
		fv := tui.FileVersion{Path: v.Path, Shown: shown, Version: v.Version, Absent: v.Absent, CreatedAt: v.CreatedAt,
			First: i == 0 || vs[i-1].Path != v.Path}
		if !fv.First {
			fv.Diff, fv.Added, fv.Removed = tools.UnifiedDiff(shown, vs[i-1].Content, v.Content)
		}
		out = append(out, fv)
	}
	return out, nil
}

// RestoreFile puts one file of the session back to one of its versions.
func (b *Backend) RestoreFile(ctx context.Context, sessionID, path string, version int64) (deleted bool, err error) {
	return b.store.History.RestoreVersion(ctx, sessionID, path, version)
}
