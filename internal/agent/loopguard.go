package agent

import (
	"bytes"
	"encoding/json"

	"github.com/honecode/hone/internal/llm"
)

// loopGuard notices a model stuck repeating itself: the same tool call,
// with the same arguments, getting the same result, `repeats` times among
// the last `window` calls.
type loopGuard struct {
	window, repeats int
	recent          []string
	hit             bool
}

func newLoopGuard(window, repeats int) *loopGuard {
	return &loopGuard{window: window, repeats: repeats}
}

// add records one finished call.
func (g *loopGuard) add(call llm.Part, content string, isError bool) {
	key := signature(call, content, isError)
	g.recent = append(g.recent, key)
	if len(g.recent) > g.window {
		g.recent = g.recent[len(g.recent)-g.window:]
	}
	n := 0
	for _, k := range g.recent {
		if k == key {
			n++
		}
	}
	if n >= g.repeats {
		g.hit = true
	}
}

func (g *loopGuard) tripped() bool { return g.hit }

func signature(call llm.Part, content string, isError bool) string {
	in := []byte(call.Input)
	var b bytes.Buffer
	if json.Compact(&b, in) == nil {
		in = b.Bytes()
	}
	flag := "ok"
	if isError {
		flag = "error"
	}
	return call.ToolName + "\x00" + string(in) + "\x00" + flag + "\x00" + content
}
