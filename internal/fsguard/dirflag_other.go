//go:build unix && !linux

package fsguard

import "golang.org/x/sys/unix"

// dirOpenFlag opens directories for *at calls (no O_PATH on this system).
const dirOpenFlag = unix.O_RDONLY
