package fsguard

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"
)

// ErrRedirected is returned when a path that was resolved earlier now
// passes through a symbolic link: something changed it since the check.
var ErrRedirected = errors.New("path now passes through a symbolic link")

// OpenFile opens abs, a path already resolved by Resolve, with os.OpenFile
// flags, following no symbolic link anywhere on the way. A link swapped in
// after the check makes it fail with ErrRedirected.
func OpenFile(abs string, flag int, perm fs.FileMode) (*os.File, error) {
	dir, base, err := openParent(abs, false)
	if err != nil {
		return nil, err
	}
	defer unix.Close(dir)
	if base == "" { // the root directory itself
		base = "."
	}
	fd, err := unix.Openat(dir, base, flag|unix.O_NOFOLLOW|unix.O_CLOEXEC, uint32(perm.Perm()))
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: abs, Err: linkError(dir, base, err)}
	}
	return os.NewFile(uintptr(fd), abs), nil
}

// openParent opens the directory holding abs by walking every component
// from "/" with O_NOFOLLOW, creating missing directories when mkdirs is
// set. It returns the directory descriptor and the final name.
func openParent(abs string, mkdirs bool) (int, string, error) {
	if !filepath.IsAbs(abs) || strings.ContainsRune(abs, 0) {
		return -1, "", fmt.Errorf("open %q: %w", abs, ErrInvalidPath)
	}
	dirPath, base := filepath.Split(filepath.Clean(abs))
	fd, err := unix.Open("/", dirOpenFlag|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, "", fmt.Errorf("open /: %w", err)
	}
	for _, comp := range strings.Split(dirPath, string(filepath.Separator)) {
		if comp == "" {
			continue
		}
		next, err := openDirAt(fd, comp, mkdirs)
		unix.Close(fd)
		if err != nil {
			return -1, "", &fs.PathError{Op: "open", Path: abs, Err: err}
		}
		fd = next
	}
	return fd, base, nil
}

// openDirAt opens the directory name inside dir without following a link,
// creating it first when mkdirs is set and it does not exist.
func openDirAt(dir int, name string, mkdirs bool) (int, error) {
	const flags = dirOpenFlag | unix.O_DIRECTORY | unix.O_NOFOLLOW | unix.O_CLOEXEC
	fd, err := unix.Openat(dir, name, flags, 0)
	if errors.Is(err, unix.ENOENT) && mkdirs {
		if err = unix.Mkdirat(dir, name, 0o755); err == nil || errors.Is(err, unix.EEXIST) {
			fd, err = unix.Openat(dir, name, flags, 0)
		}
	}
	if err != nil {
		return -1, linkError(dir, name, err)
	}
	return fd, nil
}

// linkError turns the errors O_NOFOLLOW gives for a symbolic link (ELOOP,
// or ENOTDIR with O_DIRECTORY) into ErrRedirected.
func linkError(dir int, name string, err error) error {
	if errors.Is(err, unix.ELOOP) {
		return ErrRedirected
	}
	if errors.Is(err, unix.ENOTDIR) {
		var st unix.Stat_t
		if unix.Fstatat(dir, name, &st, unix.AT_SYMLINK_NOFOLLOW) == nil && st.Mode&unix.S_IFMT == unix.S_IFLNK {
			return ErrRedirected
		}
	}
	return err
}
