package message

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

// decodeCases are stored parts arrays: what encodeParts writes, and
// shapes only another writer (an older build, a hand edit) would.
func decodeCases() []string {
	full := llm.Part{Type: llm.PartReasoning, Text: "thinking\n\t\"quoted\" \\ / <b> & é ✓ 😀 \u2028",
		Signature: "sig", Encrypted: "enc", ReasoningID: "rs_1", Provider: "anthropic",
		MediaType: "image/png", Data: []byte{0, 1, 2, 250, 255}, ToolCallID: "c1", ToolName: "bash",
		Input: `{"command":"ls"}`, InputError: "bad", IsError: true, Meta: json.RawMessage(`{"kind":"text","body":"b\"}{"}`),
		Reason: llm.FinishStop, FinishedAt: 1700000000123}
	enc, _ := json.Marshal([]llm.Part{full, llm.Text(""), {Type: llm.PartFinish, FinishedAt: -5}, llm.ToolResult("c", "t", strings.Repeat("line\n", 100), false)})
	return []string{
		string(enc),
		`[]`, `null`, ` []`, `[] `, `[{}]`, `[{"type":"text"}]`,
		`[{"type":"text","text":"a"},{"type":"text","text":"b"}]`,
		`[{"type":"text","text":"a","text":"b"}]`,                // last wins
		`[{"Type":"text","TEXT":"case-folded keys"}]`,            // encoding/json folds case
		`[{"type":"text","unknown":1,"text":"x"}]`,               // unknown keys ignored
		`[{"type":"text", "text":"space"}]`,                      // whitespace
		`[{"type":"text","text":"\ud83d\ude00 pair"}]`,           // surrogate pair
		`[{"type":"text","text":"\ud83d lone"}]`,                 // lone surrogate
		`[{"type":"text","text":"\u00e9\u0000\/"}]`,              // escapes
		`[{"type":"text","text":"bad \x escape"}]`,               // invalid escape
		"[{\"type\":\"text\",\"text\":\"raw \xff byte\"}]",       // invalid UTF-8
		"[{\"type\":\"text\",\"text\":\"ctl \x01 char\"}]",       // control character
		`[{"type":"finish","finished_at":1.5}]`,                  // not an integer
		`[{"type":"finish","finished_at":1e3}]`,                  // exponent
		`[{"type":"finish","finished_at":-01}]`,                  // leading zero
		`[{"type":"finish","finished_at":99999999999999999999}]`, // overflow
		`[{"type":"tool_result","is_error":null}]`,               // null
		`[{"type":"tool_result","meta":null}]`,                   // null meta
		`[{"type":"tool_result","meta":"str"}]`,                  // not an object
		`[{"type":"tool_result","meta":{"a":[1,{"b":"}"}]}}]`,    // nested
		`[{"type":"tool_result","meta":{"a":1}`,                  // truncated
		`[{"type":"image","data":"AAEC"}]`, `[{"type":"image","data":"AA="}]`,
		`[{"type":"image","data":"A\u0041EC"}]`, `[{"type":"text","text":"x"}`, `[{"type":"text","text":"x"},]`,
		`[1]`, `{}`, ``,
	}
}

// The fast decoder reads every input as json.Unmarshal does, or leaves
// it to json.Unmarshal.
func TestDecodePartsMatchesJSON(t *testing.T) {
	t.Parallel()
	for _, in := range decodeCases() {
		checkDecode(t, []byte(in))
	}
	if _, ok := fastParts([]byte(decodeCases()[0])); !ok {
		t.Error("the fast path refused what encodeParts writes")
	}
}

func FuzzDecodeParts(f *testing.F) {
	for _, in := range decodeCases() {
		f.Add([]byte(in))
	}
	f.Fuzz(func(t *testing.T, in []byte) { checkDecode(t, in) })
}

func checkDecode(t *testing.T, in []byte) {
	t.Helper()
	var want []llm.Part
	wantErr := json.Unmarshal(in, &want)
	fast, ok := fastParts(in)
	if !ok {
		return
	}
	if wantErr != nil {
		t.Fatalf("%q: fast path accepted what json.Unmarshal refuses (%v)", in, wantErr)
	}
	if !reflect.DeepEqual(fast, want) {
		t.Fatalf("%q:\nfast %#v\njson %#v", in, fast, want)
	}
}
