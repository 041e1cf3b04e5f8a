package llm

import "context"

type sessionKey struct{}

// WithSession tags ctx with the session a model call belongs to, for the
// wire trace of the call's HTTP requests.
func WithSession(ctx context.Context, sessionID string) context.Context {
	return context.WithValue(ctx, sessionKey{}, sessionID)
}

// SessionFrom returns the session WithSession put in ctx ("" if none).
func SessionFrom(ctx context.Context) string {
	s, _ := ctx.Value(sessionKey{}).(string)
	return s
}
