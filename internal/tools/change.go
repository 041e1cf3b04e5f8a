package tools

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/honecode/hone/internal/fsguard"
	"github.com/honecode/hone/internal/permission"
)

// maxChangeBytes caps the files edit, multiedit and write work on.
const maxChangeBytes = 10 << 20

// change is a prepared change to one file, ready to be asked for and
// written by applyChange.
type change struct {
	tool   string
	verb   string // "Edit", "Write", "Create": opens the permission description
	target fsguard.Resolved
	// stat is the file as it was read (nil for a new file); the write is
	// refused if the file no longer matches it.
	stat   fs.FileInfo
	before []byte // nil for a new file
	after  []byte
	note   string // appended to the result (e.g. how an edit matched)
}

// applyChange asks for ActionWrite with the diff, writes the new content
// atomically (keeping the file's mode), stores both versions for undo,
// records the new version as read, and reports diagnostics from the
// watcher. The result carries the diff.
func applyChange(ctx context.Context, env *Env, ch change) Result {
	shown := shownPath(ch.target)
	diff, added, removed := unifiedDiff(shown, ch.before, ch.after)
	desc := fmt.Sprintf("%s %s", ch.verb, shown)
	if !ch.target.Inside {
		desc += " (outside the project)"
	}
	if res, ok := askPermission(ctx, env, permission.Request{
		ToolName: ch.tool, Action: permission.ActionWrite, Path: ch.target.Abs,
		Description: desc, Diff: diff, OutsideProject: !ch.target.Inside,
	}); !ok {
		return res
	}
	if msg := changedSince(ch.target.Abs, shown, ch.stat); msg != "" {
		return ErrorResult(msg)
	}
	if err := writeChange(ctx, env, ch); err != nil {
		return ErrorResult(fmt.Sprintf("could not write %s: %v", shown, err))
	}
	content := fmt.Sprintf("%s %s: %d line(s) added, %d removed.", pastTense(ch.verb), shown, added, removed)
	if ch.note != "" {
		content += "\n" + ch.note
	}
	content += saveVersions(ctx, env, ch)
	if fi, err := os.Stat(ch.target.Abs); err == nil {
		recordRead(ctx, env, ch.target.Abs, fi)
	}
	if env.Watcher != nil {
		if diag := env.Watcher.Changed(ctx, ch.target.Abs); diag != "" {
			content += "\n\n" + diag
		}
	}
	return Result{Content: content, Display: Display{
		Kind: DisplayDiff, Title: shown, Path: ch.target.Abs, Diff: diff, Added: added, Removed: removed,
	}}
}

// saveVersions stores the before and after versions so the turn can be
// undone; it returns a warning for the model when that failed.
func saveVersions(ctx context.Context, env *Env, ch change) string {
	if env.Files == nil {
		return ""
	}
	cc := CallFrom(ctx)
	err := env.Files.SaveChange(ctx, FileChange{
		SessionID: cc.SessionID, MessageID: cc.MessageID, Path: ch.target.Abs, Before: ch.before, After: ch.after,
	})
	if err == nil {
		return ""
	}
	if env.Logger != nil {
		env.Logger.WarnContext(ctx, "save file version", "path", ch.target.Abs, "err", err)
	}
	return fmt.Sprintf("\nWarning: the previous version could not be saved for undo (%v).", err)
}

// changedSince reports, as a message for the model, that the file was
// changed by someone else after it was read (while permission was asked).
func changedSince(abs, shown string, read fs.FileInfo) string {
	now, err := os.Stat(abs)
	switch {
	case read == nil && err == nil:
		return fmt.Sprintf("%s was created by someone else in the meantime. Read it with view, then try again.", shown)
	case read == nil && errors.Is(err, fs.ErrNotExist):
		return ""
	case err != nil:
		return fmt.Sprintf("could not check %s before writing: %v", shown, err)
	case !sameStat(read, now):
		return fmt.Sprintf("%s changed on disk in the meantime. Read it again with view, then try again.", shown)
	}
	return ""
}

// readDiskForChange reads the whole file abs from disk without following
// symbolic links (readForChange checked its kind and size).
func readDiskForChange(abs, shown string) ([]byte, string) {
	f, err := fsguard.OpenFile(abs, os.O_RDONLY, 0)
	if err != nil {
		return nil, fmt.Sprintf("could not open %s: %v", shown, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxChangeBytes+1))
	if err != nil {
		return nil, fmt.Sprintf("could not read %s: %v", shown, err)
	}
	return data, ""
}

func pastTense(verb string) string {
	switch verb {
	case "Edit":
		return "Edited"
	case "Create":
		return "Created"
	}
	return "Wrote"
}
