package tuibackend

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/honecode/hone/internal/session"
)

// ExportSession writes the session as Markdown (like `hone sessions
// export -f markdown`) to file, relative to the working directory ("":
// hone-<id prefix>.md there). It never replaces an existing file, and
// returns the path written.
func (b *Backend) ExportSession(ctx context.Context, sessionID, file string) (path string, err error) {
	s, err := b.store.Sessions.Get(ctx, sessionID)
	if err != nil {
		return "", err
	}
	msgs, err := b.store.Messages.List(ctx, sessionID)
	if err != nil {
		return "", err
	}
	turns, err := b.store.Sessions.Turns(ctx, sessionID)
	if err != nil {
		return "", err
	}
	if file == "" {
		file = "hone-" + s.ID[:min(8, len(s.ID))] + ".md"
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(b.app.WorkDir(), file)
	}
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return "", fmt.Errorf("export: %w", err)
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("export: %w", cerr)
		}
	}()
	if err := session.NewExport(s, msgs, turns, time.Now().UnixMilli()).WriteMarkdown(f); err != nil {
		return "", fmt.Errorf("export: %w", err)
	}
	return file, nil
}
