package cmd

import (
	"errors"
	"fmt"
	"io"
	"time"
)

// StdinWait is how long a command waits for piped input it may do
// without (hone run with a prompt, hone): a parent process that leaves
// stdin open without writing to it must not block Hone. "-" as an
// argument of hone run waits for the end of the input instead.
const StdinWait = time.Second

// MaxStdin bounds what is read from stdin.
const MaxStdin = 8 << 20

// pipedInput reads a command's stdin: the first read starts at once, so
// that a caller can wait for it a while and, when nothing came, go on
// without it (the read is then abandoned) or wait longer.
type pipedInput struct {
	r     io.Reader
	first chan chunk
}

type chunk struct {
	data []byte
	err  error
}

func startStdin(r io.Reader) *pipedInput {
	p := &pipedInput{r: r, first: make(chan chunk, 1)}
	go func() {
		buf := make([]byte, 32<<10)
		for {
			n, err := r.Read(buf)
			if n > 0 || err != nil {
				p.first <- chunk{buf[:n], err}
				return
			}
		}
	}()
	return p
}

// read returns the input up to its end when its first bytes (or its end)
// arrive within wait (0: however long it takes); arrived is false when
// nothing came in time. At most limit bytes are accepted.
func (p *pipedInput) read(wait time.Duration, limit int64) (text string, arrived bool, err error) {
	var c chunk
	if wait > 0 {
		t := time.NewTimer(wait)
		defer t.Stop()
		select {
		case c = <-p.first:
		case <-t.C:
			return "", false, nil
		}
	} else {
		c = <-p.first
	}
	if c.err != nil && !errors.Is(c.err, io.EOF) {
		return "", true, fmt.Errorf("read stdin: %w", c.err)
	}
	data := c.data
	if c.err == nil {
		rest, err := io.ReadAll(io.LimitReader(p.r, limit+1-int64(len(data))))
		if err != nil {
			return "", true, fmt.Errorf("read stdin: %w", err)
		}
		data = append(data, rest...)
	}
	if int64(len(data)) > limit {
		return "", true, fmt.Errorf("stdin is larger than %d MiB", limit>>20)
	}
	return string(data), true, nil
}
