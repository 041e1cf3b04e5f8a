package lsp

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ErrNoServer is returned when no language server serves a file or
// directory.
var ErrNoServer = errors.New("no language server")

// Diagnostics returns what the servers report, by absolute path: for one
// file (path), synced first and its diagnostics pulled or settled; for a
// directory or "" (the project), every file the servers rooted there know
// about, once they have settled.
func (m *Manager) Diagnostics(ctx context.Context, path string) (map[string][]Diagnostic, error) {
	if path == "" {
		path = m.opts.WorkDir
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return m.fileDiagnostics(ctx, path)
	}
	clients, err := m.clientsFor(ctx, path)
	if err != nil {
		return nil, err
	}
	out := map[string][]Diagnostic{}
	for _, c := range clients {
		for p, items := range c.allDiagnostics(ctx) {
			if within(p, path) {
				out[p] = append(out[p], items...)
			}
		}
	}
	return out, nil
}

func (m *Manager) fileDiagnostics(ctx context.Context, path string) (map[string][]Diagnostic, error) {
	c, err := m.clientFor(ctx, path)
	if err != nil {
		return nil, err
	}
	if c == nil {
		return nil, fmt.Errorf("%w for %s files", ErrNoServer, extOf(path))
	}
	doc, err := c.syncDoc(ctx, path, false)
	if err != nil {
		return nil, err
	}
	items, err := c.fileDiagnostics(ctx, pathToURI(path), doc)
	if err != nil {
		return nil, err
	}
	return map[string][]Diagnostic{path: items}, nil
}

// clientsFor starts (or finds) every enabled server that can be rooted
// at dir and returns the ready ones; it fails only when none is.
func (m *Manager) clientsFor(ctx context.Context, dir string) ([]*client, error) {
	var out []*client
	var errs []error
	for _, sp := range m.specs {
		if sp.cfg.Disabled {
			continue
		}
		root, ok := sp.rootFor(filepath.Join(dir, "_"), m.opts.WorkDir)
		if !ok {
			continue
		}
		c, err := m.ensure(ctx, sp, root)
		if err == nil {
			err = c.waitReady(ctx)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", sp.name, err))
			continue
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		if len(errs) > 0 {
			return nil, errors.Join(errs...)
		}
		return nil, fmt.Errorf("%w for %s", ErrNoServer, dir)
	}
	return out, nil
}

// waitReady waits for the start attempt and reports its failure.
func (c *client) waitReady(ctx context.Context) error {
	select {
	case <-c.ready:
	case <-ctx.Done():
		return ctx.Err()
	}
	if c.startErr != nil {
		return c.startErr
	}
	if c.isDead() {
		return errors.New(c.statusOf().Error)
	}
	return nil
}

// within reports whether path is dir or below it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}

func extOf(path string) string {
	if ext := filepath.Ext(path); ext != "" {
		return strings.ToLower(ext)
	}
	return filepath.Base(path)
}

// Start starts every enabled server that can serve the project directory
// and waits for their handshakes, each within its timeout; failures show
// in States. `hone lsp list` uses it to check the servers; the tools
// start servers lazily and never need it.
func (m *Manager) Start(ctx context.Context) error {
	_, err := m.clientsFor(ctx, m.opts.WorkDir)
	if errors.Is(err, ErrClosed) || ctx.Err() != nil {
		return err
	}
	return nil
}
