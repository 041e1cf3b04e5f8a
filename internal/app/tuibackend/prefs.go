package tuibackend

import (
	"context"
	"errors"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/tui"
)

// SaveTheme sets options.tui.theme in the user's global config.
func (b *Backend) SaveTheme(_ context.Context, name string) error {
	path := config.GlobalPath(b.app.Getenv)
	if path == "" {
		return errors.New("save theme: no home directory for the global config")
	}
	return config.SaveTheme(path, name)
}

// SetSessionModel records the model chosen for a role of the session.
func (b *Backend) SetSessionModel(ctx context.Context, id string, role tui.ModelRole, ref string) error {
	return b.store.Sessions.SetModel(ctx, id, string(role), ref)
}
