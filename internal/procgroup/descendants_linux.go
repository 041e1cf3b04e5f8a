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
// included). The first look uses the kernel's list of this process's
// children, which is cheap but can miss a child being reparented at that
// moment; once anything was killed, every look scans all of /proc.
func killDescendants(groups []int) {
	for _, g := range groups {
		signalGroup(g, syscall.SIGKILL)
	}
	self := os.Getpid()
	thorough := len(groups) > 0
	for range 500 {
		kids := children(self, thorough)
		if len(kids) == 0 {
			return
		}
		thorough = true
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

// children lists the live (not yet reaped) children of parent: from the
// kernel's per-thread children lists unless thorough (or the kernel has
// none), else from every process in /proc.
func children(parent int, thorough bool) []proc {
	var out []proc
	pids, ok := threadChildren(parent)
	if thorough || !ok {
		pids = allPids()
	}
	for _, pid := range pids {
		if p, ok := childOf(parent, pid); ok {
			out = append(out, p)
		}
	}
	return out
}

// threadChildren reads /proc/PID/task/*/children; ok is false when the
// kernel does not provide those files.
func threadChildren(parent int) (pids []int, ok bool) {
	dir := "/proc/" + strconv.Itoa(parent) + "/task/"
	if _, err := os.Stat(dir + strconv.Itoa(parent) + "/children"); err != nil {
		return nil, false
	}
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return nil, false
	}
	for _, t := range tasks {
		b, err := os.ReadFile(dir + t.Name() + "/children")
		if err != nil {
			continue // the thread ended
		}
		for _, f := range strings.Fields(string(b)) {
			if pid, err := strconv.Atoi(f); err == nil {
				pids = append(pids, pid)
			}
		}
	}
	return pids, true
}

// allPids lists every process id in /proc.
func allPids() []int {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []int
	for _, e := range ents {
		if pid, err := strconv.Atoi(e.Name()); err == nil {
			out = append(out, pid)
		}
	}
	return out
}

// childOf reads /proc/PID/stat: ok when pid is a live (not zombie) child
// of parent.
func childOf(parent, pid int) (proc, bool) {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return proc{}, false
	}
	i := strings.LastIndexByte(string(stat), ')')
	if i < 0 {
		return proc{}, false
	}
	f := strings.Fields(string(stat[i+1:])) // state ppid pgrp …
	if len(f) < 3 {
		return proc{}, false
	}
	ppid, _ := strconv.Atoi(f[1])
	pgrp, _ := strconv.Atoi(f[2])
	if ppid != parent || f[0] == "Z" {
		return proc{}, false
	}
	return proc{pid: pid, pgrp: pgrp}, true
}
