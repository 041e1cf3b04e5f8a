package llm

import (
	"context"
	"iter"
)

// Provider streams model responses. Implementations must:
//   - yield events in the order documented on EventType and end with exactly
//     one EventFinish, or with a non-nil error (an *Error) and no finish;
//   - stop promptly and close the connection when ctx is cancelled (yielding
//     ctx.Err() wrapped in an *Error of kind KindCanceled) or when the caller
//     stops ranging;
//   - be safe for concurrent use by independent calls.
type Provider interface {
	Stream(ctx context.Context, req *Request) iter.Seq2[Event, error]
}

// ProviderFunc adapts a function to Provider.
type ProviderFunc func(ctx context.Context, req *Request) iter.Seq2[Event, error]

// Stream calls f.
func (f ProviderFunc) Stream(ctx context.Context, req *Request) iter.Seq2[Event, error] {
	return f(ctx, req)
}
