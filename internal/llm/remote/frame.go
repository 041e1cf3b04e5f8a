package remote

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"sync"
)

// frameType says what a frame carries.
type frameType uint8

// Frame types. "host" is hone, "helper" the process that links the SDK.
const (
	// host → helper: start call Call; payload callMsg (JSON).
	frameCall frameType = iota + 1
	// host → helper: stop call Call.
	frameCancel
	// helper → host: one event of call Call; payload wireEvent (JSON).
	frameEvent
	// helper → host: a text delta of call Call; payload the text.
	frameText
	// helper → host: a reasoning delta of call Call; payload the text.
	frameReasoning
	// helper → host: call Call ended; payload empty, or its error
	// (wireError, JSON).
	frameDone
	// helper → host: send HTTP request Req for call Call (0: none);
	// payload a length-prefixed httpHead (JSON), then the body.
	frameHTTPRequest
	// host → helper: the response head of request Req (httpHead).
	frameHTTPResponse
	// host → helper: the next bytes of request Req's response body.
	frameHTTPBody
	// host → helper: request Req ended: payload empty at the body's end,
	// else why it failed (wireError).
	frameHTTPEnd
	// helper → host: abandon request Req.
	frameHTTPCancel
)

// headerSize is a frame's header: payload length (4 bytes), type (1),
// call (4) and request (4), big-endian.
const headerSize = 13

// maxPayload bounds one frame (a request body with images can be large).
const maxPayload = 512 << 20

// frame is one message of the protocol.
type frame struct {
	Type    frameType
	Call    uint32
	Req     uint32
	Payload []byte
}

// writer sends frames; it is safe for concurrent use, and each frame is
// flushed as one write.
type writer struct {
	mu  sync.Mutex
	w   *bufio.Writer
	err error
}

func newWriter(w io.Writer) *writer { return &writer{w: bufio.NewWriterSize(w, 64<<10)} }

// send writes one frame whose payload is the concatenation of parts.
func (w *writer) send(t frameType, call, req uint32, parts ...[]byte) error {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	if n > maxPayload {
		return fmt.Errorf("remote: frame of %d bytes is over the %d-byte limit", n, maxPayload)
	}
	var h [headerSize]byte
	binary.BigEndian.PutUint32(h[0:], uint32(n))
	h[4] = byte(t)
	binary.BigEndian.PutUint32(h[5:], call)
	binary.BigEndian.PutUint32(h[9:], req)
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	_, _ = w.w.Write(h[:])
	for _, p := range parts {
		_, _ = w.w.Write(p)
	}
	w.err = w.w.Flush()
	return w.err
}

// readFrame reads the next frame from r.
func readFrame(r *bufio.Reader) (frame, error) {
	var h [headerSize]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return frame{}, err
	}
	n := binary.BigEndian.Uint32(h[0:])
	if n > maxPayload {
		return frame{}, fmt.Errorf("remote: frame of %d bytes is over the %d-byte limit", n, maxPayload)
	}
	f := frame{Type: frameType(h[4]), Call: binary.BigEndian.Uint32(h[5:]), Req: binary.BigEndian.Uint32(h[9:])}
	if n > 0 {
		f.Payload = make([]byte, n)
		if _, err := io.ReadFull(r, f.Payload); err != nil {
			return frame{}, fmt.Errorf("remote: frame cut short: %w", err)
		}
	}
	return f, nil
}

// lengthPrefixed returns the 4-byte length of b, to send before it.
func lengthPrefixed(b []byte) []byte {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(b)))
	return n[:]
}

// splitPrefixed splits a payload made of a length-prefixed head and a
// tail.
func splitPrefixed(p []byte) (head, tail []byte, err error) {
	if len(p) < 4 {
		return nil, nil, fmt.Errorf("remote: payload of %d bytes has no head", len(p))
	}
	n := binary.BigEndian.Uint32(p)
	if uint64(n) > uint64(len(p)-4) {
		return nil, nil, fmt.Errorf("remote: head of %d bytes in a payload of %d", n, len(p))
	}
	return p[4 : 4+n], p[4+n:], nil
}
