package procgroup

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
)

// Spec describes a child to start.
type Spec struct {
	// Path is the program; a name without a slash is looked up in PATH.
	Path string
	// Args are the arguments after the program name.
	Args []string
	Dir  string
	// Env is the complete environment.
	Env []string
	// Files are the child's descriptors 0, 1, 2, …; a nil entry (or a
	// missing one among the first three) is /dev/null.
	Files []*os.File
	// Session makes the child lead a new session (no controlling
	// terminal); otherwise it leads a new process group.
	Session bool
	// Sandbox is an encoded sandbox policy, applied by the Launcher's
	// Confine hook; nil runs the child unconfined.
	Sandbox json.RawMessage
}

// Confine turns an encoded sandbox policy into a function that confines
// the calling OS thread; the child is forked from that thread right after.
type Confine func(policy json.RawMessage) (setup func() error, err error)

// ExitStatus says how a child ended.
type ExitStatus struct {
	// Code is the exit status, or -1 when a signal ended the child.
	Code int `json:"code"`
	// Signal names the signal that ended the child (SIGKILL), if one did.
	Signal string `json:"signal,omitempty"`
}

// String reads like "exit status 3" or "killed by SIGKILL".
func (e ExitStatus) String() string {
	if e.Signal != "" {
		return "killed by " + e.Signal
	}
	return "exit status " + strconv.Itoa(e.Code)
}

// Err is nil for exit status 0, else an error saying how the child ended.
func (e ExitStatus) Err() error {
	if e.Code == 0 && e.Signal == "" {
		return nil
	}
	return fmt.Errorf("%s", e.String())
}
