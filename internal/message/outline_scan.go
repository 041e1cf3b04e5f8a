package message

import "database/sql"

// outlineBatch is how many rows outlineScan hands over at a time: its two
// goroutines meet once a batch, not once a row.
const outlineBatch = 128

// outlineBuffers is how many batches exist: one being filled, one being
// read and one waiting between them.
const outlineBuffers = 3

// outlineScan steps a query's rows on a goroutine of its own, a batch
// ahead of the reader, so that SQLite's work and the reader's (decoding,
// printing) share the machine's cores. A row owns what it holds: the
// driver's copy of each value, nothing borrowed from the connection.
type outlineScan struct {
	rows *sql.Rows
	full chan []outlineRow // filled batches, in order; closed at the end
	free chan []outlineRow // read batches, to fill again
	stop chan struct{}     // closed when the reader gives up
	done chan error        // the scan's own error, once it has ended
}

func newOutlineScan(rows *sql.Rows) *outlineScan {
	sc := &outlineScan{rows: rows, full: make(chan []outlineRow, outlineBuffers),
		free: make(chan []outlineRow, outlineBuffers), stop: make(chan struct{}), done: make(chan error, 1)}
	for range outlineBuffers {
		sc.free <- make([]outlineRow, 0, outlineBatch)
	}
	go func() { sc.done <- sc.scan() }()
	return sc
}

// scan fills batches until the rows end, the reader stops or a row
// cannot be read.
func (sc *outlineScan) scan() error {
	defer close(sc.full)
	for {
		var b []outlineRow
		select {
		case b = <-sc.free:
		case <-sc.stop:
			return nil
		}
		b = b[:0]
		for len(b) < cap(b) && sc.rows.Next() {
			b = append(b, outlineRow{})
			if err := sc.rows.Scan(b[len(b)-1].dests()...); err != nil {
				return err
			}
		}
		if len(b) > 0 {
			select {
			case sc.full <- b:
			case <-sc.stop:
				return nil
			}
		}
		if len(b) < cap(b) {
			return sc.rows.Err()
		}
	}
}

// each calls fn with every row in order. It returns fn's first error,
// after stopping the scan, or else the scan's own error. The scan's
// goroutine has ended when it returns, also when fn panics.
func (sc *outlineScan) each(fn func(*outlineRow) error) (fnErr, scanErr error) {
	ended := false
	defer func() {
		if !ended {
			close(sc.stop)
			for range sc.full { // let a scan blocked on a send end
			}
			<-sc.done
		}
	}()
	for b := range sc.full {
		for i := range b {
			if err := fn(&b[i]); err != nil {
				return err, nil
			}
		}
		sc.free <- b
	}
	ended = true
	return nil, <-sc.done
}
