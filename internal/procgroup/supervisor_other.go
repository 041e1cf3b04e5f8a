//go:build !linux

package procgroup

import (
	"errors"
	"os"
)

// supervisor is not available here: children start directly.
type supervisor struct{}

func startSupervisor([]string, []string) (*supervisor, error) {
	return nil, errors.New("no supervisor on this platform")
}

func (*supervisor) start(Spec) (*Child, error) { return nil, errors.New("no supervisor") }
func (*supervisor) dead() bool                 { return true }
func (*supervisor) close()                     {}

// Serve is not available on this platform.
func Serve(*os.File, Confine) int { return 2 }
