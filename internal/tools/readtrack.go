package tools

import (
	"context"
	"fmt"
	"io/fs"
)

// freshnessProblem returns why the file at abs (now described by fi) may
// not be changed by this session: it was never read, or it changed on disk
// since the last read (modification time with nanoseconds, and size). ""
// means it may be changed. A nil env.Files disables the rule.
func freshnessProblem(ctx context.Context, env *Env, abs, shown string, fi fs.FileInfo) string {
	if env.Files == nil {
		return ""
	}
	rec, ok, err := env.Files.LastRead(ctx, CallFrom(ctx).SessionID, abs)
	if err != nil {
		return fmt.Sprintf("could not check when %s was last read: %v", shown, err)
	}
	if !ok {
		return fmt.Sprintf("%s has not been read in this session. Read it with view first, then make the change.", shown)
	}
	if rec.ModTime != fi.ModTime().UnixNano() || rec.Size != fi.Size() {
		return fmt.Sprintf("%s changed on disk since it was last read (size %d, now %d). Read it again with view, then make the change.",
			shown, rec.Size, fi.Size())
	}
	return ""
}

// recordRead remembers that this session saw the file abs as fi.
func recordRead(ctx context.Context, env *Env, abs string, fi fs.FileInfo) {
	if env.Files == nil {
		return
	}
	rec := ReadRecord{Path: abs, ModTime: fi.ModTime().UnixNano(), Size: fi.Size()}
	if err := env.Files.RecordRead(ctx, CallFrom(ctx).SessionID, rec); err != nil && env.Logger != nil {
		env.Logger.WarnContext(ctx, "record read", "path", abs, "err", err)
	}
}

// sameStat reports whether a and b describe the same version of a file.
func sameStat(a, b fs.FileInfo) bool {
	return a.ModTime().Equal(b.ModTime()) && a.Size() == b.Size()
}
