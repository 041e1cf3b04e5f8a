package tools

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/honecode/hone/internal/fsguard"
)

// downloadBefore is what the download's target held before it: content
// nil for a missing file; ok false when undo cannot restore it (larger
// than maxChangeBytes, not a regular file, unreadable).
type downloadBefore struct {
	content []byte
	ok      bool
}

// readBefore reads the target of a download before it is replaced, so
// that the turn can be undone.
func readBefore(abs string) downloadBefore {
	data, err := readUpTo(abs, maxChangeBytes)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return downloadBefore{ok: true}
	case err != nil:
		return downloadBefore{}
	}
	if data == nil { // an empty file, not a missing one
		data = []byte{}
	}
	return downloadBefore{content: data, ok: true}
}

// readUpTo reads abs without following a symbolic link; a file larger
// than limit is an error.
func readUpTo(abs string, limit int64) ([]byte, error) {
	f, err := fsguard.OpenRead(abs)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, more, err := fsguard.ReadRegular(f, limit)
	if err == nil && more {
		err = fmt.Errorf("larger than %d bytes", limit)
	}
	return data, err
}

// saveDownload records the download in the file history (like edit and
// write) so that `hone undo` deletes or restores it; it returns a note
// for the model when the change could not be recorded.
func saveDownload(ctx context.Context, env *Env, abs string, before downloadBefore, size int64) string {
	if env.Files == nil {
		return ""
	}
	if !before.ok || size > maxChangeBytes {
		return fmt.Sprintf("\nNote: this download is not recorded for undo (files over %d bytes are not).", maxChangeBytes)
	}
	after, err := readUpTo(abs, maxChangeBytes)
	if err != nil {
		return fmt.Sprintf("\nWarning: the download could not be recorded for undo (%v).", err)
	}
	return saveVersions(ctx, env, change{target: fsguard.Resolved{Abs: abs}, before: before.content, after: after})
}
