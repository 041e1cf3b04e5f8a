package llmtest

import (
	"bytes"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

// BodyFunc is the body an SDK itself sends for a request: what an
// adapter that splices its bodies from kept pieces must send byte for
// byte.
type BodyFunc func(*llm.Request) ([]byte, error)

// CheckBodies sends the steps of each conversation through p in order,
// so that each step may reuse what p kept from the steps before, and
// holds the body rec received for each to want's.
func CheckBodies(t *testing.T, p llm.Provider, rec *Recorder, convs map[string][]*llm.Request, want BodyFunc) {
	t.Helper()
	for name, steps := range convs {
		for i, req := range steps {
			checkBody(t, p, rec, req, want, name, i)
		}
	}
}

// CheckBodyAfterCallerChangesParts: a caller that reuses the slices of a
// request it already sent, changing a part in place, must get a body for
// the new content, not a kept one.
func CheckBodyAfterCallerChangesParts(t *testing.T, p llm.Provider, rec *Recorder, want BodyFunc) {
	t.Helper()
	msgs := []llm.Message{User("first"), {Role: llm.RoleAssistant, Parts: []llm.Part{llm.Text("one")}},
		User("x"), {Role: llm.RoleAssistant, Parts: []llm.Part{llm.Text("two")}}}
	for i := range 2 {
		req := &llm.Request{Model: "m", Messages: append(msgs, User("next"))}
		checkBody(t, p, rec, req, want, "changed in place", i)
		msgs[1].Parts[0].Text = "changed"
	}
}

func checkBody(t *testing.T, p llm.Provider, rec *Recorder, req *llm.Request, want BodyFunc, name string, step int) {
	t.Helper()
	for _, err := range p.Stream(t.Context(), req) {
		if err != nil {
			t.Fatalf("%s step %d: %v", name, step, err)
		}
	}
	got, _ := rec.Last()
	w, err := want(req)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, w) {
		t.Fatalf("%s step %d: body differs from the SDK's\n got: %s\nwant: %s", name, step, got, w)
	}
}
