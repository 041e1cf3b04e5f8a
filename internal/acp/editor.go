package acp

import (
	"context"
	"log/slog"
	"sync"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/honecode/hone/internal/tools"
)

// clientEditor serves the file tools through the client's
// fs/read_text_file and fs/write_text_file, so they see the editor's
// unsaved buffers and the editor shows their edits. A client error falls
// back to the disk: the tool already confined and permitted the path.
type clientEditor struct {
	conn        client
	read, write bool
	log         *slog.Logger

	mu      sync.Mutex
	session sdk.SessionId
}

func newClientEditor(conn client, caps sdk.ClientCapabilities, log *slog.Logger) *clientEditor {
	return &clientEditor{conn: conn, read: caps.Fs.ReadTextFile, write: caps.Fs.WriteTextFile, log: log}
}

// orNil is e as a tools.Editor, or nil when the client offers neither
// method (the tools then skip it entirely).
func (e *clientEditor) orNil() tools.Editor {
	if !e.read && !e.write {
		return nil
	}
	return e
}

// bind names the session the requests are made for.
func (e *clientEditor) bind(id sdk.SessionId) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.session = id
}

func (e *clientEditor) sessionID() sdk.SessionId {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.session
}

// ReadTextFile reads path as the editor holds it.
func (e *clientEditor) ReadTextFile(ctx context.Context, path string) (string, error) {
	id := e.sessionID()
	if !e.read || id == "" {
		return "", tools.ErrNotInEditor
	}
	resp, err := e.conn.ReadTextFile(ctx, sdk.ReadTextFileRequest{SessionId: id, Path: path})
	if err != nil {
		e.log.Warn("acp: fs/read_text_file failed; reading from disk", "path", path, "err", err)
		return "", tools.ErrNotInEditor
	}
	return resp.Content, nil
}

// WriteTextFile writes path through the editor.
func (e *clientEditor) WriteTextFile(ctx context.Context, path, content string) error {
	id := e.sessionID()
	if !e.write || id == "" {
		return tools.ErrNotInEditor
	}
	if _, err := e.conn.WriteTextFile(ctx, sdk.WriteTextFileRequest{SessionId: id, Path: path, Content: content}); err != nil {
		e.log.Warn("acp: fs/write_text_file failed; writing to disk", "path", path, "err", err)
		return tools.ErrNotInEditor
	}
	return nil
}
