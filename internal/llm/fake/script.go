package fake

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/honecode/hone/internal/llm"
)

// Script is the JSON form of a fake model (see docs/fake-script.md):
//
//	{
//	  "turns": [
//	    "A plain text answer",
//	    {"text": "Streamed slowly", "chunk": 4, "chunk_delay_ms": 50},
//	    {"items": [
//	      {"reasoning": "Which files?"},
//	      {"text": "Let me look."},
//	      {"tool_call": {"name": "glob", "input": {"pattern": "*.go"}}},
//	      {"raw_tool_call": {"name": "view", "input": "{not json"}},
//	      {"delay_ms": 200},
//	      {"error": {"kind": "rate_limit", "retry_after_ms": 1000}}
//	    ], "usage": {"input": 1200, "output": 40}, "finish": "tool_use"}
//	  ],
//	  "side": ["Title for the session"],
//	  "fallback": "answer used once the turns have run out"
//	}
type Script struct {
	Turns    []ScriptTurn `json:"turns"`
	Side     []ScriptTurn `json:"side,omitempty"`
	Fallback string       `json:"fallback,omitempty"`
}

// ScriptTurn is one turn: a JSON string (one text answer) or an object.
// In the object form, Text (when set) is streamed before Items.
type ScriptTurn struct {
	Text         string       `json:"text,omitempty"`
	Items        []ScriptItem `json:"items,omitempty"`
	Usage        *llm.Usage   `json:"usage,omitempty"`
	Finish       string       `json:"finish,omitempty"`
	DelayMS      int          `json:"delay_ms,omitempty"`
	ChunkDelayMS int          `json:"chunk_delay_ms,omitempty"`
	// Chunk splits every text, reasoning and tool input of the turn into
	// deltas of this many characters (0: one delta each).
	Chunk int `json:"chunk,omitempty"`
}

// ScriptItem is one item of a turn; exactly one of its fields is set.
type ScriptItem struct {
	Text        *string         `json:"text,omitempty"`
	Reasoning   *string         `json:"reasoning,omitempty"`
	ToolCall    *ScriptToolCall `json:"tool_call,omitempty"`
	RawToolCall *ScriptRawCall  `json:"raw_tool_call,omitempty"`
	Error       *ScriptError    `json:"error,omitempty"`
	DelayMS     *int            `json:"delay_ms,omitempty"`
	Reset       bool            `json:"reset,omitempty"`
	Chunk       int             `json:"chunk,omitempty"`
}

// ScriptToolCall is a tool call with JSON object arguments.
type ScriptToolCall struct {
	ID    string          `json:"id,omitempty"`
	Name  string          `json:"name"`
	Input json.RawMessage `json:"input,omitempty"`
}

// ScriptRawCall is a tool call whose input is sent verbatim (malformed
// JSON allowed).
type ScriptRawCall struct {
	ID    string `json:"id,omitempty"`
	Name  string `json:"name"`
	Input string `json:"input"`
}

// ScriptError is a provider error ending the turn.
type ScriptError struct {
	Kind         llm.ErrorKind `json:"kind"`
	Message      string        `json:"message,omitempty"`
	RetryAfterMS int           `json:"retry_after_ms,omitempty"`
}

// UnmarshalJSON accepts a string (one text answer) or an object.
func (t *ScriptTurn) UnmarshalJSON(data []byte) error {
	if bytes.HasPrefix(bytes.TrimSpace(data), []byte(`"`)) {
		*t = ScriptTurn{}
		return json.Unmarshal(data, &t.Text)
	}
	type plain ScriptTurn
	var p plain
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return err
	}
	*t = ScriptTurn(p)
	return nil
}

// LoadScript reads a JSON script file and builds its model.
func LoadScript(path string) (*Model, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("load fake script: %w", err)
	}
	m, err := ParseScript(data)
	if err != nil {
		return nil, fmt.Errorf("load fake script %s: %w", path, err)
	}
	return m, nil
}

// ParseScript builds a model from a JSON script.
func ParseScript(data []byte) (*Model, error) {
	var s Script
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("parse fake script: %w", err)
	}
	return s.Model()
}

// Model builds the scripted model.
func (s Script) Model() (*Model, error) {
	m := New().SetFallback(s.Fallback)
	for i, st := range s.Turns {
		t, err := st.turn()
		if err != nil {
			return nil, fmt.Errorf("turn %d: %w", i+1, err)
		}
		m.Add(t)
	}
	for i, st := range s.Side {
		t, err := st.turn()
		if err != nil {
			return nil, fmt.Errorf("side turn %d: %w", i+1, err)
		}
		m.AddSide(t)
	}
	return m, nil
}

func (st ScriptTurn) turn() (Turn, error) {
	var t Turn
	if st.DelayMS > 0 {
		t = append(t, Delay(ms(st.DelayMS)))
	}
	if st.ChunkDelayMS > 0 {
		t = append(t, ChunkDelay(ms(st.ChunkDelayMS)))
	}
	if st.Text != "" {
		t = append(t, Text(st.Text).Chunked(st.Chunk))
	}
	for j, si := range st.Items {
		it, err := si.item()
		if err != nil {
			return nil, fmt.Errorf("item %d: %w", j+1, err)
		}
		if it.chunk == 0 {
			it.chunk = st.Chunk
		}
		t = append(t, it)
	}
	if st.Usage != nil {
		t = append(t, Usage(*st.Usage))
	}
	if st.Finish != "" {
		t = append(t, Finish(llm.FinishReason(st.Finish)))
	}
	return t, nil
}

func (si ScriptItem) item() (Item, error) {
	var out []Item
	if si.Text != nil {
		out = append(out, Text(*si.Text))
	}
	if si.Reasoning != nil {
		out = append(out, Reasoning(*si.Reasoning))
	}
	if c := si.ToolCall; c != nil {
		in := string(c.Input)
		if len(bytes.TrimSpace(c.Input)) == 0 {
			in = "{}"
		}
		out = append(out, RawToolCall(c.Name, in).WithID(c.ID))
	}
	if c := si.RawToolCall; c != nil {
		out = append(out, RawToolCall(c.Name, c.Input).WithID(c.ID))
	}
	if e := si.Error; e != nil {
		out = append(out, Error(e.Kind).RetryAfter(ms(e.RetryAfterMS)).withOptionalMessage(e.Message))
	}
	if si.DelayMS != nil {
		out = append(out, Delay(ms(*si.DelayMS)))
	}
	if si.Reset {
		out = append(out, Reset())
	}
	if len(out) != 1 {
		return Item{}, errors.New("an item needs exactly one of text, reasoning, tool_call, raw_tool_call, error, delay_ms, reset")
	}
	return out[0].Chunked(si.Chunk), nil
}

func (i Item) withOptionalMessage(msg string) Item {
	if msg == "" {
		return i
	}
	return i.WithMessage(msg)
}

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }
