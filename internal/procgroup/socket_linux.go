//go:build linux

package procgroup

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"

	"golang.org/x/sys/unix"
)

// conn is one end of the SOCK_SEQPACKET pair between Hone and the
// supervisor: one JSON message per packet, descriptors passed alongside.
// The supervisor reads its blocking descriptor fd. Hone's end is uc,
// through the runtime's poller: a goroutine blocked in recvmsg would hold
// its P until the runtime's monitor takes it back (up to 10 ms in a quiet
// process), and the goroutine a message just woke waits on that P.
type conn struct {
	fd int
	uc *net.UnixConn
}

// pollConn makes Hone's end of the pair, f, a conn read through the
// runtime's poller; f is closed (the conn holds a duplicate).
func pollConn(f *os.File) (conn, error) {
	defer f.Close()
	fc, err := net.FileConn(f)
	if err != nil {
		return conn{}, fmt.Errorf("supervisor socket: %w", err)
	}
	uc, ok := fc.(*net.UnixConn)
	if !ok {
		_ = fc.Close()
		return conn{}, fmt.Errorf("supervisor socket: %T is not a unix socket", fc)
	}
	return conn{fd: -1, uc: uc}, nil
}

// shutdown ends both directions: a blocked recv returns, and the other
// end reads end-of-file.
func (c conn) shutdown() {
	if c.uc == nil {
		_ = unix.Shutdown(c.fd, unix.SHUT_RDWR)
		return
	}
	if rc, err := c.uc.SyscallConn(); err == nil {
		_ = rc.Control(func(fd uintptr) { _ = unix.Shutdown(int(fd), unix.SHUT_RDWR) })
	}
}

// close releases Hone's end (the supervisor's descriptor belongs to its
// os.File).
func (c conn) close() error {
	if c.uc == nil {
		return nil
	}
	return c.uc.Close()
}

func socketPair() (ours, theirs *os.File, err error) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_SEQPACKET|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("socketpair: %w", err)
	}
	for _, fd := range fds {
		_ = unix.SetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_SNDBUF, maxMessage)
		_ = unix.SetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_RCVBUF, maxMessage)
	}
	return os.NewFile(uintptr(fds[0]), "hone-procs"), os.NewFile(uintptr(fds[1]), "hone-procs"), nil
}

// send writes v as one packet with files attached.
func (c conn) send(v any, files ...*os.File) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var oob []byte
	if len(files) > 0 {
		fds := make([]int, len(files))
		for i, f := range files {
			fds[i] = int(f.Fd())
		}
		oob = unix.UnixRights(fds...)
	}
	if c.uc != nil {
		_, _, err = c.uc.WriteMsgUnix(b, oob, nil)
		return err
	}
	return unix.Sendmsg(c.fd, b, oob, nil, 0)
}

// recv reads one packet into v and returns the descriptors passed with it;
// io.EOF-like errors come back as errClosed. buf (maxMessage bytes, see
// newRecvBuf) is reused from call to call by the reading loop: a fresh
// 4 MiB buffer per message cost a zeroed allocation and page faults each
// time.
func (c conn) recv(buf []byte, v any) ([]*os.File, error) {
	oob := make([]byte, unix.CmsgSpace(64*4))
	var n, oobn, flags int
	var err error
	if c.uc != nil {
		n, oobn, flags, _, err = c.uc.ReadMsgUnix(buf, oob) // MSG_CMSG_CLOEXEC on Linux
		if n == 0 && oobn == 0 && (err == nil || errors.Is(err, io.EOF)) {
			return nil, errClosed
		}
	} else {
		n, oobn, flags, _, err = unix.Recvmsg(c.fd, buf, oob, unix.MSG_CMSG_CLOEXEC)
	}
	if err != nil {
		if err == unix.EINTR {
			return c.recv(buf, v)
		}
		return nil, fmt.Errorf("receive: %w", err)
	}
	if n == 0 && oobn == 0 {
		return nil, errClosed
	}
	files, err := parseRights(oob[:oobn])
	if err != nil {
		return nil, err
	}
	if flags&unix.MSG_TRUNC != 0 {
		closeFiles(files)
		return nil, fmt.Errorf("receive: message longer than %d bytes", maxMessage)
	}
	if err := json.Unmarshal(buf[:n], v); err != nil {
		closeFiles(files)
		return nil, fmt.Errorf("receive: %w", err)
	}
	return files, nil
}

// newRecvBuf is the buffer one reading loop passes to every recv.
func newRecvBuf() []byte { return make([]byte, maxMessage) }

func parseRights(oob []byte) ([]*os.File, error) {
	if len(oob) == 0 {
		return nil, nil
	}
	msgs, err := unix.ParseSocketControlMessage(oob)
	if err != nil {
		return nil, fmt.Errorf("receive descriptors: %w", err)
	}
	var files []*os.File
	for _, m := range msgs {
		fds, err := unix.ParseUnixRights(&m)
		if err != nil {
			continue
		}
		for _, fd := range fds {
			files = append(files, os.NewFile(uintptr(fd), "passed"))
		}
	}
	return files, nil
}

func closeFiles(fs []*os.File) {
	for _, f := range fs {
		if f != nil {
			_ = f.Close()
		}
	}
}
