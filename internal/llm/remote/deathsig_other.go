//go:build !linux

package remote

import "os/exec"

// setDeathSignal does nothing here: the helper ends when its stdin
// closes, which happens when hone exits or dies.
func setDeathSignal(*exec.Cmd) {}
