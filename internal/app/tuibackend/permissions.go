package tuibackend

import (
	"context"

	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/pubsub"
)

// SubscribePermissions delivers pending requests as Created and decided
// ones (answered, cancelled, decided by a rule) as Deleted, without
// dropping any.
func (b *Backend) SubscribePermissions(ctx context.Context) <-chan pubsub.Event[permission.Request] {
	reqs := b.perms.Subscribe(ctx)
	decs := b.perms.SubscribeDecisions(ctx)
	out := make(chan pubsub.Event[permission.Request])
	go func() {
		defer close(out)
		for reqs != nil || decs != nil {
			var ev pubsub.Event[permission.Request]
			select {
			case e, ok := <-reqs:
				if !ok {
					reqs = nil
					continue
				}
				ev = pubsub.Event[permission.Request]{Type: pubsub.Created, Payload: e.Payload}
			case d, ok := <-decs:
				if !ok {
					decs = nil
					continue
				}
				ev = pubsub.Event[permission.Request]{Type: pubsub.Deleted, Payload: d.Payload.Request}
			}
			select {
			case out <- ev:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out
}

// RespondPermission answers a pending request.
func (b *Backend) RespondPermission(requestID string, answer permission.Answer, feedback string) error {
	return b.perms.Respond(requestID, answer, feedback)
}

// PermissionMode returns the current mode.
func (b *Backend) PermissionMode() string { return string(b.perms.Mode()) }

// SetPermissionMode switches the mode for this process.
func (b *Backend) SetPermissionMode(mode string) error {
	m, err := permission.ParseMode(mode)
	if err != nil {
		return err
	}
	return b.perms.SetMode(m)
}
