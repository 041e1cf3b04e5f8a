package procgroup

import (
	"sync"
	"syscall"
)

// Child is a started child process, the leader of its own process group.
type Child struct {
	pid    int
	done   chan struct{}
	exit   ExitStatus
	once   sync.Once
	signal func(sig syscall.Signal) // signals the child's group while it runs
}

func newChild(pid int, signal func(syscall.Signal)) *Child {
	return &Child{pid: pid, done: make(chan struct{}), signal: signal}
}

// finish records how the child ended (first call wins).
func (c *Child) finish(e ExitStatus) {
	c.once.Do(func() {
		c.exit = e
		close(c.done)
	})
}

// Pid is the child's process id, which is also its process group id.
func (c *Child) Pid() int { return c.pid }

// Done is closed once the child has exited and what was left of its group
// was killed.
func (c *Child) Done() <-chan struct{} { return c.done }

// Exit waits for the child to end and says how it did.
func (c *Child) Exit() ExitStatus {
	<-c.done
	return c.exit
}

// Exited reports whether the child has ended.
func (c *Child) Exited() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

// Signal sends sig to every process of the child's group; it does nothing
// once the child has ended (its id may already belong to another process).
func (c *Child) Signal(sig syscall.Signal) {
	if !c.Exited() {
		c.signal(sig)
	}
}

// Kill kills the child's whole group and waits until the child is reaped.
func (c *Child) Kill() {
	c.Signal(syscall.SIGKILL)
	<-c.done
}
