package fsguard

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// ErrNotRegular is returned by ReadRegular for a named pipe, a device, a
// socket or a directory.
var ErrNotRegular = errors.New("not a regular file")

// OpenRead opens abs, a path already resolved by Resolve, for reading
// without following any symbolic link (see OpenFile) and without blocking
// on a named pipe: pass the file to ReadRegular.
func OpenRead(abs string) (*os.File, error) {
	return OpenFile(abs, os.O_RDONLY|unix.O_NONBLOCK, 0)
}

// ReadRegular reads at most limit bytes of f and reports whether f holds
// more. f must be a regular file, checked on the open descriptor, so that a
// named pipe or a device (opened with O_NONBLOCK) is refused instead of
// blocking or streaming without end.
func ReadRegular(f *os.File, limit int64) (data []byte, more bool, err error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	if !fi.Mode().IsRegular() {
		return nil, false, &fs.PathError{Op: "read", Path: f.Name(), Err: fmt.Errorf("%w (%s)", ErrNotRegular, kindOf(fi.Mode()))}
	}
	data, err = io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, false, err
	}
	if int64(len(data)) > limit {
		return data[:limit], true, nil
	}
	return data, false, nil
}

// kindOf names a file type for an error message.
func kindOf(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a directory"
	}
	return "a special file"
}
