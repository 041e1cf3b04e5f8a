package anthropic

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// TestCanThinkFromParts: canThink, read from Hone's parts, decides as
// refCanThink decided from the converted messages, on histories written
// out and on random ones.
func TestCanThinkFromParts(t *testing.T) {
	t.Parallel()
	signed := llm.Part{Type: llm.PartReasoning, Text: "t", Provider: providerType, Signature: "s"}
	redacted := llm.Part{Type: llm.PartReasoning, Provider: providerType, Encrypted: "e"}
	foreign := llm.Part{Type: llm.PartReasoning, Provider: "openai", Encrypted: "e"}
	unsigned := llm.Part{Type: llm.PartReasoning, Text: "t", Provider: providerType}
	call := llm.ToolCallPart("c", llmtest.ToolName, llmtest.ToolArgs)
	asst := func(parts ...llm.Part) llm.Message { return llm.Message{Role: llm.RoleAssistant, Parts: parts} }
	result := llm.Message{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("c", llmtest.ToolName, "ok", false)}}
	finish := asst(llm.Part{Type: llm.PartFinish, Reason: llm.FinishToolUse})
	for name, tc := range map[string]struct {
		msgs []llm.Message
		want bool
	}{
		"no history":                {nil, true},
		"no assistant":              {[]llm.Message{llmtest.User("hi")}, true},
		"text answer":               {[]llm.Message{llmtest.User("hi"), asst(llm.Text("a"))}, true},
		"call without thinking":     {[]llm.Message{llmtest.User("hi"), asst(call), result}, false},
		"signed thinking first":     {[]llm.Message{llmtest.User("hi"), asst(signed, call), result}, true},
		"redacted thinking first":   {[]llm.Message{llmtest.User("hi"), asst(redacted, llm.Text("x"), call), result}, true},
		"foreign reasoning first":   {[]llm.Message{llmtest.User("hi"), asst(foreign, call), result}, false},
		"unsigned reasoning first":  {[]llm.Message{llmtest.User("hi"), asst(unsigned, call), result}, false},
		"empty text before thought": {[]llm.Message{llmtest.User("hi"), asst(llm.Text(""), signed, call), result}, true},
		"text before thought":       {[]llm.Message{llmtest.User("hi"), asst(llm.Text("a"), signed, call), result}, false},
		"merged, thought first":     {[]llm.Message{llmtest.User("hi"), asst(signed), finish, asst(call), result}, true},
		"merged, call first":        {[]llm.Message{llmtest.User("hi"), finish, asst(call), asst(signed)}, false},
		"earlier call, last text":   {[]llm.Message{llmtest.User("hi"), asst(call), result, asst(llm.Text("a"))}, true},
		"thought in a user message": {[]llm.Message{{Role: llm.RoleUser, Parts: []llm.Part{signed}}, asst(call)}, false},
	} {
		pl, err := planMessages(tc.msgs)
		if err != nil {
			t.Fatal(err)
		}
		if got := canThink(&pl); got != tc.want {
			t.Errorf("%s: canThink = %v, want %v", name, got, tc.want)
		}
		if ref := refCanThink(refMessages(tc.msgs)); ref != tc.want {
			t.Errorf("%s: refCanThink = %v, want %v", name, ref, tc.want)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		msgs := randomHistory(r)
		pl, err := planMessages(msgs)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := canThink(&pl), refCanThink(refMessages(msgs)); got != want {
			t.Fatalf("history %d %+v: canThink = %v, refCanThink = %v", i, msgs, got, want)
		}
	}
}

// TestPlanMatchesReference: converting a plan's messages gives the
// messages refMessages makes of the whole history, marks included.
func TestPlanMatchesReference(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 3000 {
		msgs := randomHistory(r)
		pl, err := planMessages(msgs)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := pl.all(), refMessages(msgs); !reflect.DeepEqual(got, want) {
			t.Fatalf("history %d %+v:\n got %+v\nwant %+v", i, msgs, got, want)
		}
	}
}

// randomHistory is up to eight messages of any role, each of up to four
// parts drawn from those the adapter sends or drops.
func randomHistory(r *rand.Rand) []llm.Message {
	roles := [...]llm.Role{llm.RoleUser, llm.RoleAssistant, llm.RoleTool}
	img := llm.ToolResult("c", llmtest.ToolName, "", true)
	img.MediaType, img.Data = "image/png", llmtest.PNG
	parts := [...]llm.Part{
		llm.Text("a"), llm.Text(""), {Type: llm.PartImage, MediaType: "image/png", Data: llmtest.PNG},
		{Type: llm.PartReasoning, Text: "t", Provider: providerType, Signature: "s"},
		{Type: llm.PartReasoning, Provider: providerType, Encrypted: "e"},
		{Type: llm.PartReasoning, Provider: "openai", Encrypted: "e"},
		{Type: llm.PartReasoning, Text: "t", Provider: providerType},
		llm.ToolCallPart("c", llmtest.ToolName, llmtest.ToolArgs),
		llm.ToolResult("c", llmtest.ToolName, "ok", false), img,
		{Type: llm.PartFinish, Reason: llm.FinishStop},
	}
	msgs := make([]llm.Message, r.IntN(9))
	for i := range msgs {
		msgs[i].Role = roles[r.IntN(len(roles))]
		for range r.IntN(5) {
			msgs[i].Parts = append(msgs[i].Parts, parts[r.IntN(len(parts))])
		}
	}
	return msgs
}
