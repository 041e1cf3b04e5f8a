package run

import (
	"fmt"
	"io"
	"strings"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
)

// textPrinter streams the assistant's text to Out and activity to Err.
type textPrinter struct {
	out, err io.Writer
	quiet    bool
	d        deltas
	wrote    bool // any answer text written
	lineEnd  bool // the last byte written to out was a newline
	lastMsg  string
}

func (p *textPrinter) event(ev agent.Event) {
	switch ev.Type {
	case agent.EventMessage, agent.EventStepFinished:
		p.text(ev)
	case agent.EventToolStarted:
		if ev.Call == nil {
			return
		}
		p.activity("● %s", callLine(ev.Call))
	case agent.EventToolFinished:
		p.toolDone(ev)
	case agent.EventFailover, agent.EventInfo, agent.EventRetrying, agent.EventModelSwitch:
		p.activity("! %s", ev.Text)
	case agent.EventSummarizing:
		p.activity("… summarizing the session to free up context")
	}
}

func (p *textPrinter) text(ev agent.Event) {
	m := ev.Message
	if m == nil || m.Role != llm.RoleAssistant || m.ID == "" {
		return
	}
	delta, reset := p.d.next(m, llm.PartText)
	if reset {
		p.activity("! the response restarted")
	}
	if delta == "" {
		return
	}
	if p.wrote && (m.ID != p.lastMsg || reset) && !p.lineEnd {
		io.WriteString(p.out, "\n")
	}
	io.WriteString(p.out, delta)
	p.wrote, p.lastMsg = true, m.ID
	p.lineEnd = strings.HasSuffix(delta, "\n")
}

func (p *textPrinter) toolDone(ev agent.Event) {
	if ev.ResultPart == nil || ev.Call == nil {
		return
	}
	p.activity("%s", resultLine(ev.Call, ev.ResultPart, ev.Denied))
}

func (p *textPrinter) activity(format string, args ...any) {
	if p.quiet {
		return
	}
	fmt.Fprintf(p.err, format+"\n", args...)
}

func (p *textPrinter) note(text string) { p.activity("! %s", text) }

func (p *textPrinter) finish(res *agent.Result, _ ExitCode) {
	if !p.wrote && res.Text != "" {
		io.WriteString(p.out, res.Text)
		p.wrote, p.lineEnd = true, strings.HasSuffix(res.Text, "\n")
	}
	if p.wrote && !p.lineEnd {
		io.WriteString(p.out, "\n")
	}
}
