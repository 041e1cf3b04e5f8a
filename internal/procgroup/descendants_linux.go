//go:build linux

package procgroup

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// killDescendants kills the given process groups, then, until none is
// left, every child of this process with its group: as a subreaper this
// process inherits every orphan of its subtree, so repeating finds the
// grandchildren whose parents just died (daemons that left their group
// included).
func killDescendants(groups []int) {
	for _, g := range groups {
		signalGroup(g, syscall.SIGKILL)
	}
	self := os.Getpid()
	for range 500 {
		kids := children(self)
		if len(kids) == 0 {
			return
		}
		for _, k := range kids {
			if k.pgrp != 0 && k.pgrp != syscall.Getpgrp() {
				_ = syscall.Kill(-k.pgrp, syscall.SIGKILL)
			}
			_ = syscall.Kill(k.pid, syscall.SIGKILL)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

type proc struct{ pid, pgrp int }

// children lists the live (not yet reaped) children of parent from /proc.
func children(parent int) []proc {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []proc
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		i := strings.LastIndexByte(string(stat), ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(stat[i+1:])) // state ppid pgrp …
		if len(f) < 3 {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		pgrp, _ := strconv.Atoi(f[2])
		if ppid == parent && f[0] != "Z" {
			out = append(out, proc{pid: pid, pgrp: pgrp})
		}
	}
	return out
}
