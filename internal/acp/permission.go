package acp

import (
	"context"
	"errors"
	"sync"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/honecode/hone/internal/permission"
)

// Permission option ids offered to the client; each maps to one of
// Hone's answers.
const (
	optionAllowOnce    = "allow_once"
	optionAllowSession = "allow_session"
	optionDeny         = "deny"
)

// permissionOptions are Hone's three answers as ACP options.
var permissionOptions = []sdk.PermissionOption{
	{OptionId: optionAllowOnce, Name: "Allow once", Kind: sdk.PermissionOptionKindAllowOnce},
	{OptionId: optionAllowSession, Name: "Allow for this session", Kind: sdk.PermissionOptionKindAllowAlways},
	{OptionId: optionDeny, Name: "Deny", Kind: sdk.PermissionOptionKindRejectOnce},
}

// permBridge puts the permission service's pending requests to the client
// and answers them with the option the person picked. A request settled
// otherwise (the turn was cancelled) withdraws the client's prompt.
type permBridge struct {
	s  *acpSession
	wg sync.WaitGroup

	mu       sync.Mutex
	inflight map[string]context.CancelFunc // request id → withdraw
}

func newPermBridge(s *acpSession) *permBridge {
	return &permBridge{s: s, inflight: map[string]context.CancelFunc{}}
}

// ask sends req to the client in the background and answers it there.
func (b *permBridge) ask(ctx context.Context, req permission.Request, tr *translator) {
	rctx, cancel := context.WithCancel(ctx)
	b.mu.Lock()
	b.inflight[req.ID] = cancel
	b.mu.Unlock()
	params := sdk.RequestPermissionRequest{SessionId: b.s.key, Options: permissionOptions, ToolCall: requestToolCall(req, tr)}
	b.wg.Go(func() {
		defer b.forget(req.ID)
		answer := permission.Deny
		resp, err := b.s.conn.RequestPermission(rctx, params)
		switch {
		case err != nil:
			b.s.log.Debug("acp: permission request ended without an answer", "session", b.s.id, "err", err)
		case resp.Outcome.Selected != nil:
			answer = answerFor(string(resp.Outcome.Selected.OptionId))
		}
		if err := b.s.ws.Perms.Respond(req.ID, answer, ""); err != nil && !errors.Is(err, permission.ErrNotPending) {
			b.s.log.Warn("acp: answer permission request", "session", b.s.id, "err", err)
		}
	})
}

// settled withdraws the client's prompt for a request decided elsewhere.
func (b *permBridge) settled(d permission.Decision) {
	b.mu.Lock()
	cancel := b.inflight[d.Request.ID]
	b.mu.Unlock()
	if cancel != nil && d.By == permission.ByCancel {
		cancel()
	}
}

func (b *permBridge) forget(id string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if cancel := b.inflight[id]; cancel != nil {
		cancel()
	}
	delete(b.inflight, id)
}

// stop withdraws every open prompt and waits for them to end.
func (b *permBridge) stop() {
	b.mu.Lock()
	for _, cancel := range b.inflight {
		cancel()
	}
	b.mu.Unlock()
	b.wg.Wait()
}

// answerFor maps the option the person picked to Hone's answer; anything
// unknown denies.
func answerFor(option string) permission.Answer {
	switch option {
	case optionAllowOnce:
		return permission.AllowOnce
	case optionAllowSession:
		return permission.AllowSession
	}
	return permission.Deny
}

// requestToolCall describes the call asking: the request's description as
// title, its diff or command as content, its path as location.
func requestToolCall(req permission.Request, tr *translator) sdk.ToolCallUpdate {
	kind := kindOf(req.ToolName, tr.tools)
	tc := sdk.ToolCallUpdate{ToolCallId: sdk.ToolCallId(req.CallID), Title: sdk.Ptr(req.Description), Kind: &kind}
	switch {
	case req.Diff != "" && req.Path != "":
		tc.Content = []sdk.ToolCallContent{diffContent(req.Path, req.Diff)}
	case req.Command != "":
		tc.Content = textContent(fenced("$ " + req.Command))
	}
	if req.Path != "" {
		tc.Locations = []sdk.ToolCallLocation{{Path: req.Path}}
	}
	if tc.ToolCallId == "" {
		tc.ToolCallId = sdk.ToolCallId("permission-" + req.ID)
	}
	return tc
}
