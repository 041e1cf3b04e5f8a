package shell

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
)

// Output is a bounded, concurrency-safe record of a process's combined
// output: the first headSize bytes and the last tailSize bytes are kept,
// the middle is counted and dropped.
type Output struct {
	mu       sync.Mutex
	head     []byte
	tail     []byte // ring buffer of the last bytes once full
	tailNext int    // next write position in tail when full
	total    int64
	headSize int
	tailSize int
	sink     io.Writer // also gets every byte (nil: none)
}

// NewOutput returns an Output keeping about limit bytes, half from the
// start and half from the end.
func NewOutput(limit int) *Output {
	return &Output{headSize: limit / 2, tailSize: limit - limit/2}
}

// tee makes o pass every byte written on to sink as well (nil: none).
func (o *Output) tee(sink io.Writer) *Output {
	o.sink = sink
	return o
}

// Write records p; it never fails, whatever the sink does.
func (o *Output) Write(p []byte) (int, error) {
	if o.sink != nil {
		_, _ = o.sink.Write(p)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	n := len(p)
	o.total += int64(n)
	if room := o.headSize - len(o.head); room > 0 {
		k := min(room, len(p))
		o.head = append(o.head, p[:k]...)
		p = p[k:]
	}
	if len(p) >= o.tailSize {
		o.tail = append(o.tail[:0], p[len(p)-o.tailSize:]...)
		o.tailNext = 0
		return n, nil
	}
	for len(p) > 0 {
		if len(o.tail) < o.tailSize {
			k := min(o.tailSize-len(o.tail), len(p))
			o.tail = append(o.tail, p[:k]...)
			p = p[k:]
			continue
		}
		k := copy(o.tail[o.tailNext:], p)
		o.tailNext = (o.tailNext + k) % o.tailSize
		p = p[k:]
	}
	return n, nil
}

// Total returns the number of bytes written so far.
func (o *Output) Total() int64 {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.total
}

// String returns the kept output: head, a marker saying how many bytes
// were left out, and tail.
func (o *Output) String() string {
	s, _ := o.Since(0)
	return s
}

// Since returns the output written from byte offset off on, as far as it
// is still kept (a marker stands for dropped bytes), and the offset to
// pass next time. Bytes that do not form valid UTF-8 (a rune cut by the
// marker, binary output) are dropped.
func (o *Output) Since(off int64) (string, int64) {
	o.mu.Lock()
	defer o.mu.Unlock()
	tail := o.orderedTail()
	headEnd := int64(len(o.head))
	tailStart := o.total - int64(len(tail))
	var first []byte
	if off < headEnd {
		first = o.head[off:]
		off = headEnd
	}
	omitted := tailStart - off
	off = max(off, tailStart)
	var rest []byte
	if off < o.total {
		rest = tail[off-tailStart:]
	}
	if omitted <= 0 {
		return text(append(slices.Clip(first), rest...)), o.total
	}
	marker := fmt.Sprintf("[… %d bytes of output omitted …]", omitted)
	if len(first) > 0 {
		marker = "\n" + marker
	}
	return text(first) + marker + "\n" + text(rest), o.total
}

// orderedTail returns the tail ring in write order.
func (o *Output) orderedTail() []byte {
	if len(o.tail) < o.tailSize || o.tailNext == 0 {
		return o.tail
	}
	out := make([]byte, 0, len(o.tail))
	out = append(out, o.tail[o.tailNext:]...)
	return append(out, o.tail[:o.tailNext]...)
}

// text converts output bytes to a string without invalid UTF-8.
func text(b []byte) string { return strings.ToValidUTF8(string(b), "") }
