package run

import (
	"fmt"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

// printer renders one run in an output format. event is called from the
// consumer goroutine, note and finish from Execute's; they never overlap.
type printer interface {
	event(ev agent.Event)
	note(text string)
	finish(res *agent.Result, code ExitCode)
}

func newPrinter(opts Options, out IO) (printer, error) {
	switch opts.Format {
	case "", FormatText:
		return &textPrinter{out: out.Out, err: out.Err, quiet: opts.Quiet}, nil
	case FormatJSON:
		return &jsonPrinter{out: out.Out, err: out.Err, quiet: opts.Quiet}, nil
	case FormatStreamJSON:
		return newStreamPrinter(out.Out), nil
	}
	return nil, fmt.Errorf("unknown output format %q (want text, json or stream-json)", opts.Format)
}

// deltas turns message snapshots into the text added since the previous
// one, per message and part type.
type deltas struct {
	seen map[string]string
}

// next returns what msg added to its parts of type typ since last time;
// reset is set when the text shrank (a retry restarted the step) and
// delta is then the whole new text.
func (d *deltas) next(msg *message.Message, typ llm.PartType) (delta string, reset bool) {
	if d.seen == nil {
		d.seen = map[string]string{}
	}
	text := partText(msg, typ)
	key := msg.ID + "\x00" + string(typ)
	prev := d.seen[key]
	d.seen[key] = text
	if len(text) >= len(prev) && text[:len(prev)] == prev {
		return text[len(prev):], false
	}
	return text, true
}

func partText(msg *message.Message, typ llm.PartType) string {
	var s string
	for _, p := range msg.Parts {
		if p.Type == typ {
			s += p.Text
		}
	}
	return s
}
