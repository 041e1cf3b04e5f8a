package tools

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/honecode/hone/internal/fsguard"
)

// ErrNotInEditor is returned by an Editor that leaves a file to the disk
// (the editor cannot read or write it); the tool then uses the disk.
var ErrNotInEditor = errors.New("file not handled by the editor")

// Editor reads and writes text files through the editor a front end runs
// inside (ACP clients offering fs/read_text_file and fs/write_text_file),
// so the model sees unsaved changes and the editor shows the edits. Paths
// are absolute, already resolved, confined and permitted by the tool.
// Either method may return ErrNotInEditor to fall back to the disk.
type Editor interface {
	ReadTextFile(ctx context.Context, path string) (string, error)
	WriteTextFile(ctx context.Context, path, content string) error
}

// editorText returns the editor's text of abs; ok is false when there is
// no editor or it left the file to the disk.
func editorText(ctx context.Context, env *Env, abs string) (text string, ok bool, err error) {
	if env.Editor == nil {
		return "", false, nil
	}
	text, err = env.Editor.ReadTextFile(ctx, abs)
	switch {
	case errors.Is(err, ErrNotInEditor):
		return "", false, nil
	case err != nil:
		return "", false, err
	}
	return text, true, nil
}

// readForChange reads the whole file abs (as described by fi): from the
// editor when there is one, else from the disk without following symbolic
// links. Files over maxChangeBytes are refused.
func readForChange(ctx context.Context, env *Env, abs, shown string, fi fs.FileInfo) ([]byte, string) {
	if !fi.Mode().IsRegular() {
		return nil, fmt.Sprintf("%s is not a regular file.", shown)
	}
	if fi.Size() > maxChangeBytes {
		return nil, fmt.Sprintf("%s is too large to change with this tool (%d bytes; the limit is %d).", shown, fi.Size(), maxChangeBytes)
	}
	text, ok, err := editorText(ctx, env, abs)
	if err != nil {
		return nil, fmt.Sprintf("could not read %s from the editor: %v", shown, err)
	}
	if ok {
		if len(text) > maxChangeBytes {
			return nil, fmt.Sprintf("%s is too large to change with this tool (%d bytes in the editor; the limit is %d).", shown, len(text), maxChangeBytes)
		}
		return []byte(text), ""
	}
	return readDiskForChange(abs, shown)
}

// writeChange writes a change's new content: an existing file through the
// editor when there is one (the editor shows it), a new file or one the
// editor leaves alone atomically on disk, creating missing directories.
func writeChange(ctx context.Context, env *Env, ch change) error {
	if env.Editor != nil && ch.before != nil {
		err := env.Editor.WriteTextFile(ctx, ch.target.Abs, string(ch.after))
		if !errors.Is(err, ErrNotInEditor) {
			return err
		}
	}
	return fsguard.WriteFile(ch.target.Abs, ch.after, fsguard.WriteOptions{MkdirAll: true})
}
