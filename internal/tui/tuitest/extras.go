package tuitest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/honecode/hone/internal/tui"
)

// SaveTheme implements tui.Preferences; Themes lists the names saved.
func (f *Fake) SaveTheme(_ context.Context, name string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.themes = append(f.themes, name)
	return nil
}

// Themes returns the theme names saved so far.
func (f *Fake) Themes() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.themes...)
}

// Focuses returns the focus of each Summarize call so far.
func (f *Fake) Focuses() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.focuses...)
}

// SetFileHistory sets what FileHistory returns for a session.
func (f *Fake) SetFileHistory(sessionID string, vs []tui.FileVersion) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.history == nil {
		f.history = map[string][]tui.FileVersion{}
	}
	f.history[sessionID] = vs
}

// FileHistory implements tui.Transcript.
func (f *Fake) FileHistory(_ context.Context, sessionID string) ([]tui.FileVersion, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]tui.FileVersion(nil), f.history[sessionID]...), nil
}

// RestoreFile implements tui.Transcript; Restored lists the calls.
func (f *Fake) RestoreFile(_ context.Context, sessionID, path string, version int64) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.restored = append(f.restored, fmt.Sprintf("%s@%d", path, version))
	return false, nil
}

// Restored returns "path@version" of each RestoreFile call so far.
func (f *Fake) Restored() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.restored...)
}

// SetSessionModel implements tui.Sessions: it records the choice on the
// stored session.
func (f *Fake) SetSessionModel(_ context.Context, id string, role tui.ModelRole, ref string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.sessions[id]
	if !ok {
		return fmt.Errorf("set model of session %s: not found", id)
	}
	if role == tui.RoleSmall {
		s.SmallModel = ref
	} else {
		s.LargeModel = ref
	}
	f.sessions[id] = s
	return nil
}

// ExportSession implements tui.Sessions: it writes the stored messages'
// texts to file (under Dir when relative).
func (f *Fake) ExportSession(_ context.Context, id, file string) (string, error) {
	if file == "" {
		file = "hone-" + id + ".md"
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(f.Dir, file)
	}
	var b strings.Builder
	for _, m := range f.StoredMessages(id) {
		for _, p := range m.Parts {
			b.WriteString(p.Text + "\n")
		}
	}
	return file, os.WriteFile(file, []byte(b.String()), 0o644)
}
