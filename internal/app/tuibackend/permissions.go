package tuibackend

import (
	"context"
	"errors"
	"fmt"

	"github.com/honecode/hone/internal/config"
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

// RespondPermission answers a pending request. An "always allow" answer
// first saves the request's rule to the user's global config (never the
// project's); when that fails the call is allowed for the session only
// and the error says why the rule was not saved.
func (b *Backend) RespondPermission(requestID string, answer permission.Answer, feedback string) error {
	if answer != permission.AllowAlways {
		return b.perms.Respond(requestID, answer, feedback)
	}
	rule := ""
	for _, r := range b.perms.Pending() {
		if r.ID == requestID {
			rule = r.AlwaysRule
		}
	}
	path := config.GlobalPath(b.app.Getenv)
	var saveErr error
	switch {
	case rule == "":
		saveErr = errors.New("no rule to save for this request")
	case path == "":
		saveErr = errors.New("no home directory for the global config")
	default:
		saveErr = config.AddAllowRule(path, rule)
	}
	if saveErr != nil {
		if err := b.perms.Respond(requestID, permission.AllowSession, feedback); err != nil {
			return err
		}
		return fmt.Errorf("allowed for this session only: %w", saveErr)
	}
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
