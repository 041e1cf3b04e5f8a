package fsguard

import (
	"io/fs"

	"golang.org/x/sys/unix"
)

// Remove deletes the file abs, a path already resolved by Resolve,
// following no symbolic link on the way: a directory swapped for a link
// since the check makes it fail with ErrRedirected instead of deleting a
// file the link points to. A link named by abs itself is removed, not
// followed. A missing file is an fs.ErrNotExist error.
func Remove(abs string) error {
	dir, base, err := openParent(abs, false)
	if err != nil {
		return err
	}
	defer unix.Close(dir)
	if err := unix.Unlinkat(dir, base, 0); err != nil {
		return &fs.PathError{Op: "remove", Path: abs, Err: err}
	}
	return nil
}
