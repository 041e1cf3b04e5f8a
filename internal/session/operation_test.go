package session_test

import (
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
)

// TestOperationWriteWithMessage: a tool message and the operation rows
// of its calls are stored together by message.Service.CreateWith, and
// neither is stored when one of them fails.
func TestOperationWriteWithMessage(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	s, sqlDB := newService(t)
	msgs := message.NewService(sqlDB, message.Options{})
	t.Cleanup(func() { msgs.Close() })
	sess := mustCreate(t, s, "/p")
	op := session.Operation{SessionID: sess.ID, MessageID: "a1", CallID: "c1", Kind: session.OpTool, Name: "glob", Outcome: session.OutcomeOK}
	tool := message.Message{SessionID: sess.ID, Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("c1", "glob", "a.go", false)}}
	m, err := msgs.CreateWith(ctx, tool, s.OperationWrite(op, op))
	if err != nil {
		t.Fatal(err)
	}
	ops, err := s.Operations(ctx, sess.ID)
	if err != nil || len(ops) != 2 || ops[0].CallID != "c1" || ops[0].StartedAt == 0 {
		t.Fatalf("operations = %+v, %v", ops, err)
	}
	if got, err := msgs.Get(ctx, m.ID); err != nil || got.Parts[0].Text != "a.go" {
		t.Fatalf("message = %+v, %v", got, err)
	}

	bad := op
	bad.SessionID = "no such session" // the foreign key fails
	if _, err := msgs.CreateWith(ctx, tool, s.OperationWrite(op, bad)); err == nil {
		t.Fatal("a failing operation row did not fail the message")
	}
	if ops, _ := s.Operations(ctx, sess.ID); len(ops) != 2 {
		t.Fatalf("the failed write stored operations: %+v", ops)
	}
	if all, _ := msgs.List(ctx, sess.ID); len(all) != 1 {
		t.Fatalf("the failed write stored its message: %d messages", len(all))
	}
}
