package message

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

// EachOutline over more rows than a few batches, with and without
// outlines, keeps their order; an error from fn stops the scan at that
// row and is returned as is, and the service still works afterwards.
func TestEachOutlineAcrossBatches(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, sqldb := newTestService(t, DefaultDebounce)
	n := outlineBatch*outlineBuffers + outlineBatch/2
	for i := range n {
		m := Message{SessionID: "s1", Role: llm.RoleUser, Parts: []llm.Part{llm.Text(fmt.Sprint("message ", i))}}
		if _, err := s.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	// Every third message as an older build left it: no outline.
	exec(t, sqldb, `DELETE FROM message_outlines WHERE seq % 3 = 0`)
	checkOutlines(t, s)

	stop := errors.New("enough")
	for _, at := range []int{0, outlineBatch - 1, outlineBatch, n - 1} {
		seen := 0
		err := s.EachOutline(ctx, "s1", func(o Outline) error {
			if want := fmt.Sprint("message ", seen); o.Parts[0].Text.Head != want {
				t.Fatalf("row %d: %q, want %q", seen, o.Parts[0].Text.Head, want)
			}
			if seen == at {
				return stop
			}
			seen++
			return nil
		})
		if !errors.Is(err, stop) || seen != at {
			t.Fatalf("stop at %d: returned %v after %d rows", at, err, seen)
		}
	}
	checkOutlines(t, s)
}

// A panic in fn stops the scan before it goes on up: its goroutine has
// ended (the batches' channel is closed), the connection is given back
// and the service still reads.
func TestEachOutlinePanicStopsTheScan(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newTestService(t, DefaultDebounce)
	for i := range outlineBatch * outlineBuffers * 2 {
		m := Message{SessionID: "s1", Role: llm.RoleUser, Parts: []llm.Part{llm.Text(fmt.Sprint("message ", i))}}
		if _, err := s.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := s.db.QueryContext(ctx, outlineQuery(), []byte{outlineVersion}, "s1")
	if err != nil {
		t.Fatal(err)
	}
	sc := newOutlineScan(rows)
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("no panic")
			}
		}()
		_, _ = sc.each(func(*outlineRow) error { panic("boom") })
	}()
	select {
	case _, open := <-sc.full:
		if open {
			t.Fatal("the scan is still handing over batches")
		}
	default:
		t.Fatal("the scan's goroutine is still running")
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	if n := s.db.Stats().InUse; n != 0 {
		t.Fatalf("%d connections still in use", n)
	}
	checkOutlines(t, s)
}
