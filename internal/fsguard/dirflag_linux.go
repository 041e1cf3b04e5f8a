package fsguard

import "golang.org/x/sys/unix"

// dirOpenFlag opens directories for *at calls only: O_PATH needs search
// permission, not read permission, on each directory walked.
const dirOpenFlag = unix.O_PATH
