package cmd

import (
	"context"
	"io"
	"testing"

	"github.com/honecode/hone/internal/session/sessiongen"
)

// BenchmarkSessionsShow10k prints a 10,000-message session (sessiongen's
// mix) in process: the part of `hone sessions show` that grows with the
// session (reading, decoding, rendering), without process start.
func BenchmarkSessionsShow10k(b *testing.B) {
	st := newBenchStore(b)
	gen, err := sessiongen.Generate(context.Background(), st.DB, sessiongen.Spec{ProjectDir: "/project"})
	if err != nil {
		b.Fatal(err)
	}
	opts := &SessionsShowOptions{ID: gen.SessionID, Store: st}
	for b.Loop() {
		if err := runSessionsShow(context.Background(), opts, IO{Out: io.Discard, Err: io.Discard}); err != nil {
			b.Fatal(err)
		}
	}
}
