package session_test

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tools"
)

func TestExportRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, sqldb := newService(t)
	msgs := message.NewService(sqldb, message.Options{})
	defer msgs.Close()
	sess := mustCreate(t, s, "/p")
	if err := s.SetTodos(ctx, sess.ID, []tools.Todo{{Content: "c", Status: "pending"}}); err != nil {
		t.Fatal(err)
	}
	for _, m := range []message.Message{
		{SessionID: sess.ID, Role: llm.RoleUser, Parts: []llm.Part{llm.Text("list files")}},
		{SessionID: sess.ID, Role: llm.RoleAssistant, Model: "m", Provider: "p", FinishReason: llm.FinishToolUse,
			Parts: []llm.Part{{Type: llm.PartReasoning, Text: "hmm", Signature: "sig"},
				{Type: llm.PartToolCall, ToolCallID: "c1", ToolName: "ls", Input: `{"path":"."}`}}},
		{SessionID: sess.ID, Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("c1", "ls", "a.go", false)}},
	} {
		if _, err := msgs.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.AddTurn(ctx, session.Turn{SessionID: sess.ID, Provider: "p", Model: "m", Failovers: []string{"x/y: timeout"}}); err != nil {
		t.Fatal(err)
	}
	sess, _ = s.Get(ctx, sess.ID)
	list, err := msgs.List(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	turns, err := s.Turns(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	doc := session.NewExport(sess, list, turns, 123)
	var buf bytes.Buffer
	if err := doc.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := session.DecodeExport(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, doc) {
		t.Fatalf("round trip differs:\n got %+v\nwant %+v", back, doc)
	}
}

func TestDecodeExportRejects(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		`{"format":"other","version":1}`,
		`{"format":"hone.session","version":99}`,
		`{"format":"hone.session"}`,
	} {
		if _, err := session.DecodeExport(strings.NewReader(in)); !errors.Is(err, session.ErrExportFormat) {
			t.Errorf("DecodeExport(%s) = %v, want ErrExportFormat", in, err)
		}
	}
	if _, err := session.DecodeExport(strings.NewReader(`{`)); err == nil {
		t.Error("DecodeExport of broken JSON succeeded")
	}
}
