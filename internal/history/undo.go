package history

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/honecode/hone/internal/fsguard"
)

// ErrNothingToUndo: the session has no recorded file change left to undo.
var ErrNothingToUndo = errors.New("nothing to undo")

// ConflictError refuses an undo because a file no longer holds what the
// turn left in it: undoing would destroy the later edit.
type ConflictError struct {
	Path string
}

// Error names the file and says why nothing was undone.
func (e *ConflictError) Error() string {
	return fmt.Sprintf("%s changed on disk since the turn edited it; not undoing (restore or save that change first)", e.Path)
}

// UndoResult lists the files an undo touched.
type UndoResult struct {
	// Restored files got back the content they had before the turn.
	Restored []string `json:"restored"`
	// Deleted files did not exist before the turn.
	Deleted []string `json:"deleted"`
}

// UndoLast reverts the files changed by the session's last turn that
// changed files: every change tagged with a message of the user turn
// (the messages from a user message up to the next one) holding the
// newest change. It first checks that each file still holds what the turn
// left in it and refuses with a *ConflictError naming the first file that
// does not, changing nothing. Undone changes are dropped from the history,
// so calling UndoLast again reverts the turn before.
func (s *Service) UndoLast(ctx context.Context, sessionID string) (UndoResult, error) {
	plan, err := s.planUndo(ctx, sessionID)
	if err != nil {
		return UndoResult{}, err
	}
	for _, f := range plan.files {
		if err := checkOnDisk(f.path, f.after); err != nil {
			return UndoResult{}, err
		}
	}
	var res UndoResult
	for _, f := range plan.files {
		deleted, err := restore(f.path, f.before)
		if err != nil {
			return res, fmt.Errorf("undo: restore %s: %w", f.path, err)
		}
		if deleted {
			res.Deleted = append(res.Deleted, f.path)
		} else {
			res.Restored = append(res.Restored, f.path)
		}
	}
	if err := s.dropVersions(ctx, plan.rowIDs); err != nil {
		return res, err
	}
	return res, nil
}

// checkOnDisk returns a *ConflictError unless path holds want. It
// follows no symbolic link: a directory on the way that became a link
// since the turn fails with fsguard.ErrRedirected.
func checkOnDisk(path string, want version) error {
	got, err := readNoFollow(path, int64(len(want.content)))
	switch {
	case errors.Is(err, os.ErrNotExist):
		if want.absent {
			return nil
		}
		return &ConflictError{Path: path}
	case err != nil:
		return fmt.Errorf("undo: read %s: %w", path, err)
	}
	if !want.equal(version{content: got}) {
		return &ConflictError{Path: path}
	}
	return nil
}

// readNoFollow reads path without following a symbolic link anywhere on
// the way, at most limit+1 bytes (enough to tell a longer file apart).
func readNoFollow(path string, limit int64) ([]byte, error) {
	f, err := fsguard.OpenRead(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, _, err := fsguard.ReadRegular(f, limit+1)
	return data, err
}

// restore puts v back at path, keeping the file's mode; it reports whether
// it deleted the file (v absent). Like checkOnDisk it follows no link, so
// an undo never writes or deletes outside the directories the turn
// changed.
func restore(path string, v version) (deleted bool, err error) {
	if v.absent {
		if err := fsguard.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return false, err
		}
		return true, nil
	}
	return false, fsguard.WriteFile(path, v.content, fsguard.WriteOptions{MkdirAll: true})
}

func (s *Service) dropVersions(ctx context.Context, ids []int64) (err error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("undo: drop versions: %w", err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	for chunk := range slices.Chunk(ids, 500) {
		args := make([]any, len(chunk))
		for i, id := range chunk {
			args[i] = id
		}
		q := `DELETE FROM file_versions WHERE id IN (?` + strings.Repeat(",?", len(chunk)-1) + `)`
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			return fmt.Errorf("undo: drop versions: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("undo: drop versions: %w", err)
	}
	return nil
}
