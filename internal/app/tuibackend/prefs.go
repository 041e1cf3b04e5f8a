package tuibackend

import (
	"context"
	"errors"

	"github.com/honecode/hone/internal/config"
)

// SaveTheme sets options.tui.theme in the user's global config.
func (b *Backend) SaveTheme(_ context.Context, name string) error {
	path := config.GlobalPath(b.app.Getenv)
	if path == "" {
		return errors.New("save theme: no home directory for the global config")
	}
	return config.SaveTheme(path, name)
}
