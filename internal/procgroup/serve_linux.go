//go:build linux

package procgroup

import (
	"errors"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// server is the supervisor's state: the children it started, by request
// id and by pid.
type server struct {
	sock    *os.File // keeps the socket's descriptor from being finalized
	c       conn
	confine Confine

	wmu sync.Mutex

	mu       sync.Mutex
	byPid    map[int]uint64
	pids     map[uint64]int
	early    map[int]syscall.WaitStatus // reaped while their start was being recorded
	spawning int
}

// Serve runs the supervisor on sock (fd 3 of `hone __procs`): it starts
// children on request, reports their exits, and when the socket closes (or
// SIGTERM, SIGINT or SIGHUP arrives) kills every child's group and every
// process reparented to it, then returns the exit code for the process.
func Serve(sock *os.File, confine Confine) int {
	_ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
	s := &server{sock: sock, c: conn{fd: int(sock.Fd())}, confine: confine,
		byPid: map[int]uint64{}, pids: map[uint64]int{}, early: map[int]syscall.WaitStatus{}}
	chld := make(chan os.Signal, 1)
	signal.Notify(chld, syscall.SIGCHLD)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	go s.reap(chld)
	go func() {
		<-stop
		_ = unix.Shutdown(s.c.fd, unix.SHUT_RDWR) // ends the request loop below
	}()
	if err := s.send(reply{Op: "ready"}); err != nil {
		return 1
	}
	buf := newRecvBuf()
	for {
		var req request
		files, err := s.c.recv(buf, &req)
		if err != nil {
			break
		}
		s.handle(req, files)
	}
	killDescendants(s.groups())
	_ = s.sock.Close()
	return 0
}

func (s *server) handle(req request, files []*os.File) {
	switch req.Op {
	case "start":
		s.start(req, files)
	case "signal":
		s.mu.Lock()
		pid, ok := s.pids[req.ID]
		s.mu.Unlock()
		if ok {
			signalGroup(pid, syscall.Signal(req.Signal))
		}
	}
	closeFiles(files)
}

// start starts one child and answers; its exit is reported by reap.
func (s *server) start(req request, passed []*os.File) {
	spec := Spec{Path: req.Path, Args: req.Args, Dir: req.Dir, Env: req.Env, Session: req.Session, Sandbox: req.Sandbox}
	for _, present := range req.Files {
		var f *os.File
		if present && len(passed) > 0 {
			f, passed = passed[0], passed[1:]
		}
		spec.Files = append(spec.Files, f)
	}
	setup, err := setupFor(spec.Sandbox, s.confine)
	s.mu.Lock()
	s.spawning++
	s.mu.Unlock()
	var p *os.Process
	if err == nil {
		p, err = spawn(spec, setup)
	}
	s.mu.Lock()
	s.spawning--
	if err != nil {
		s.mu.Unlock()
		_ = s.send(reply{Op: "started", ID: req.ID, Err: err.Error()})
		return
	}
	pid := p.Pid
	_ = p.Release() // reap collects it
	s.byPid[pid], s.pids[req.ID] = req.ID, pid
	ws, reaped := s.early[pid]
	delete(s.early, pid)
	if s.spawning == 0 {
		clear(s.early)
	}
	_ = s.send(reply{Op: "started", ID: req.ID, Pid: pid})
	s.mu.Unlock()
	if reaped {
		s.exited(pid, ws)
	}
}

// reap collects every exited child (ours, and orphans reparented to us).
func (s *server) reap(chld <-chan os.Signal) {
	for {
		for {
			var ws syscall.WaitStatus
			pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
			if pid <= 0 || err != nil {
				break
			}
			s.exited(pid, ws)
		}
		<-chld
	}
}

// exited reports a child's exit and kills the rest of its group.
func (s *server) exited(pid int, ws syscall.WaitStatus) {
	s.mu.Lock()
	id, ok := s.byPid[pid]
	if !ok {
		if s.spawning > 0 {
			s.early[pid] = ws
		}
		s.mu.Unlock()
		return
	}
	delete(s.byPid, pid)
	delete(s.pids, id)
	signalGroup(pid, syscall.SIGKILL)
	_ = s.send(reply{Op: "exited", ID: id, Exit: exitStatus(ws)})
	s.mu.Unlock()
}

// groups lists the process groups of the children still running.
func (s *server) groups() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]int, 0, len(s.byPid))
	for pid := range s.byPid {
		out = append(out, pid)
	}
	return out
}

func (s *server) send(r reply) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	err := s.c.send(r)
	if errors.Is(err, unix.EPIPE) {
		return errClosed
	}
	return err
}
