//go:build linux

package procgroup

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"syscall"
	"time"
)

// errClosed is returned when the other end of the socket went away.
var errClosed = errors.New("connection closed")

// readyTimeout bounds how long the supervisor may take to say it is ready.
const readyTimeout = 10 * time.Second

// supervisor is Hone's side of a running supervisor process.
type supervisor struct {
	c      conn
	proc   *os.Process
	gone   chan struct{} // closed when the connection ended
	exited chan struct{} // closed when the supervisor process was reaped

	wmu sync.Mutex // one send at a time

	mu       sync.Mutex
	nextID   uint64
	starts   map[uint64]chan started
	children map[uint64]*Child
}

// started is the answer to a start request.
type started struct {
	child *Child
	err   error
}

// startSupervisor runs argv as the supervisor with the socket on fd 3 and
// waits for its ready message.
func startSupervisor(argv, env []string) (*supervisor, error) {
	ours, theirs, err := socketPair()
	if err != nil {
		return nil, err
	}
	defer theirs.Close()
	files, closeNull, err := childFiles([]*os.File{nil, nil, nil, theirs})
	if err != nil {
		ours.Close()
		return nil, err
	}
	defer closeNull()
	proc, err := os.StartProcess(argv[0], argv, &os.ProcAttr{Env: env, Files: files, Sys: groupAttr(true)})
	if err != nil {
		ours.Close()
		return nil, fmt.Errorf("start supervisor: %w", err)
	}
	c, err := pollConn(ours)
	if err != nil {
		_ = proc.Kill()
		_, _ = proc.Wait()
		return nil, err
	}
	s := &supervisor{c: c, proc: proc, gone: make(chan struct{}),
		exited: make(chan struct{}), starts: map[uint64]chan started{}, children: map[uint64]*Child{}}
	go func() {
		_, _ = proc.Wait()
		close(s.exited)
	}()
	ready := make(chan error, 1)
	go s.read(ready)
	select {
	case err := <-ready:
		if err == nil {
			return s, nil
		}
		s.close()
		return nil, err
	case <-time.After(readyTimeout):
		s.close()
		return nil, errors.New("supervisor did not answer")
	}
}

// read handles the supervisor's messages until the connection ends; then
// every child still known is killed and reported as killed.
func (s *supervisor) read(ready chan<- error) {
	var rep reply
	buf := newRecvBuf()
	_, err := s.c.recv(buf, &rep)
	if err == nil && rep.Op != "ready" {
		err = fmt.Errorf("supervisor said %q first", rep.Op)
	}
	ready <- err
	for err == nil {
		rep = reply{}
		if _, err = s.c.recv(buf, &rep); err == nil {
			s.handle(rep)
		}
	}
	s.mu.Lock()
	close(s.gone)
	orphans := s.children
	s.children = map[uint64]*Child{}
	for _, ch := range s.starts {
		ch <- started{err: errors.New("supervisor exited")}
	}
	s.starts = map[uint64]chan started{}
	s.mu.Unlock()
	for _, c := range orphans {
		signalGroup(c.pid, syscall.SIGKILL)
		c.finish(ExitStatus{Code: -1, Signal: "SIGKILL"})
	}
}

// handle applies one message. A child is registered as soon as its start
// is confirmed, before any later message about it is read.
func (s *supervisor) handle(rep reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch rep.Op {
	case "started":
		ch, ok := s.starts[rep.ID]
		if !ok {
			return
		}
		delete(s.starts, rep.ID)
		if rep.Err != "" {
			ch <- started{err: errors.New(rep.Err)}
			return
		}
		id := rep.ID
		c := newChild(rep.Pid, func(sig syscall.Signal) { _ = s.send(request{Op: "signal", ID: id, Signal: int(sig)}) })
		s.children[id] = c
		ch <- started{child: c}
	case "exited":
		if c, ok := s.children[rep.ID]; ok {
			delete(s.children, rep.ID)
			c.finish(rep.Exit)
		}
	}
}

// start asks the supervisor to start spec and waits for the answer.
func (s *supervisor) start(spec Spec) (*Child, error) {
	req := request{Op: "start", Path: spec.Path, Args: spec.Args, Dir: spec.Dir, Env: spec.Env,
		Session: spec.Session, Sandbox: spec.Sandbox}
	var files []*os.File
	for _, f := range spec.Files {
		req.Files = append(req.Files, f != nil)
		if f != nil {
			files = append(files, f)
		}
	}
	answer := make(chan started, 1)
	s.mu.Lock()
	if s.dead() {
		s.mu.Unlock()
		return nil, errors.New("start: supervisor exited")
	}
	s.nextID++
	req.ID = s.nextID
	s.starts[req.ID] = answer
	s.mu.Unlock()
	if err := s.send(req, files...); err != nil {
		s.mu.Lock()
		delete(s.starts, req.ID)
		s.mu.Unlock()
		return nil, fmt.Errorf("start %s: %w", spec.Path, err)
	}
	res := <-answer
	return res.child, res.err
}

func (s *supervisor) send(req request, files ...*os.File) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	return s.c.send(req, files...)
}

// dead reports whether the connection has ended.
func (s *supervisor) dead() bool {
	select {
	case <-s.gone:
		return true
	default:
		return false
	}
}

// close ends the connection, upon which the supervisor kills every child
// and exits, and waits for that (killing the supervisor after a bound).
func (s *supervisor) close() {
	s.c.shutdown() // wakes the reader; EOF for the supervisor
	<-s.gone
	_ = s.c.close()
	select {
	case <-s.exited:
	case <-time.After(5 * time.Second):
		_ = s.proc.Kill()
		<-s.exited
	}
}
