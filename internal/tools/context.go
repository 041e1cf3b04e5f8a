package tools

import "context"

// CallContext identifies the call a tool is running for.
type CallContext struct {
	SessionID string
	MessageID string // the assistant message that issued the call
	CallID    string
}

type callKey struct{}

// WithCall returns ctx carrying cc; the registry sets it before Run.
func WithCall(ctx context.Context, cc CallContext) context.Context {
	return context.WithValue(ctx, callKey{}, cc)
}

// CallFrom returns the CallContext carried by ctx (zero when absent).
func CallFrom(ctx context.Context) CallContext {
	cc, _ := ctx.Value(callKey{}).(CallContext)
	return cc
}
