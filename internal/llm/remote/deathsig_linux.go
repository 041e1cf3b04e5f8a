package remote

import (
	"os/exec"
	"syscall"
)

// setDeathSignal has the kernel kill the helper when hone dies. Closing
// its stdin ends it too; this covers a helper stuck outside its read.
func setDeathSignal(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
