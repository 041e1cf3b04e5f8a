package agent_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/agent/agenttest"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/message"
)

// heldMessages holds the write of each assistant message's row until
// release is closed, then fails it when fail is set.
type heldMessages struct {
	*agenttest.Messages
	release chan struct{}
	fail    bool
}

func (s *heldMessages) Create(ctx context.Context, m message.Message) (message.Message, error) {
	if m.Role == llm.RoleAssistant {
		<-s.release
		if s.fail {
			return message.Message{}, errors.New("disk full")
		}
	}
	return s.Messages.Create(ctx, m)
}

func runHeld(t *testing.T, store *heldMessages, streamed chan struct{}) (*agent.Result, error) {
	t.Helper()
	m := fake.New(fake.Turn{fake.Text("hello there, world").Chunked(3), fake.Signal(streamed)})
	sess := agenttest.NewSessions()
	co := agent.NewCoordinator(agent.Config{
		Large: []agent.Candidate{candidate("a", m)}, WorkDir: t.TempDir(), DisableTitles: true, DisableGit: true,
	}, agent.Deps{Messages: store, Sessions: sess, Tools: agenttest.NewTools().Add("glob", true, agenttest.Echo)})
	t.Cleanup(func() { co.Close() })
	s, err := sess.Create(t.Context(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		select {
		case <-streamed: // the whole stream was read while the row's write waited
		case <-time.After(10 * time.Second):
		}
		close(store.release)
	}()
	res, err := co.Run(t.Context(), s.ID, "hi", nil)
	select {
	case <-streamed:
	default:
		t.Fatal("the stream was not read to its end")
	}
	return res, err
}

// The assistant message's row is written beside the stream, not before
// its first delta is handled: the model's whole answer is read while the
// write waits, and the message is stored whole once it lands.
func TestStreamIsReadWhileTheMessageRowIsWritten(t *testing.T) {
	t.Parallel()
	store := &heldMessages{Messages: agenttest.NewMessages(), release: make(chan struct{})}
	streamed := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		select {
		case <-streamed:
		case <-time.After(10 * time.Second):
			t.Error("the stream waited for the assistant message's row to be written")
		}
	}()
	res, err := runHeld(t, store, streamed)
	<-done
	if err != nil || res.Text != "hello there, world" {
		t.Fatalf("Run = %+v, %v", res, err)
	}
	msgs, err := store.List(t.Context(), res.SessionID)
	if err != nil {
		t.Fatal(err)
	}
	last := msgs[len(msgs)-1]
	if last.Role != llm.RoleAssistant || last.Status != message.StatusDone || last.LLM().Text() != "hello there, world" {
		t.Errorf("stored answer = %+v", last)
	}
}

// A row that could not be written leaves no message behind: nothing more
// is written under its id, and the turn ends.
func TestFailedMessageRowStoresNothingMore(t *testing.T) {
	t.Parallel()
	store := &heldMessages{Messages: agenttest.NewMessages(), release: make(chan struct{}), fail: true}
	res, _ := runHeld(t, store, make(chan struct{}))
	msgs, err := store.List(t.Context(), res.SessionID)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range msgs {
		if m.Role == llm.RoleAssistant {
			t.Errorf("an assistant message was stored after its row failed: %+v", m)
		}
	}
	if n := store.Updates(); n != 0 {
		t.Errorf("%d updates after the row failed; want none", n)
	}
}
