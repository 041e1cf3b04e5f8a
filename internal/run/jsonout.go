package run

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
)

// resultJSON is the object printed by the json format, and the last line
// ("type": "result") of stream-json.
type resultJSON struct {
	Type       string    `json:"type,omitempty"`
	SessionID  string    `json:"session_id"`
	Result     string    `json:"result"`
	ExitReason string    `json:"exit_reason"`
	ExitCode   int       `json:"exit_code"`
	Steps      int       `json:"steps"`
	Usage      llm.Usage `json:"usage"`
	Cost       float64   `json:"cost"`
	Denials    int       `json:"denials"`
	Error      string    `json:"error,omitempty"`
}

func newResultJSON(res *agent.Result, code ExitCode) resultJSON {
	r := resultJSON{
		SessionID: res.SessionID, Result: res.Text, ExitReason: string(res.Reason), ExitCode: int(code),
		Steps: res.Steps, Usage: res.Usage, Cost: res.Cost, Denials: res.Denials,
	}
	if err := outcome(res); err != nil {
		r.Error = err.Error()
	}
	return r
}

// jsonPrinter prints one object at the end; notes go to stderr.
type jsonPrinter struct {
	out, err io.Writer
	quiet    bool
}

// event shows retries on stderr, so a wait is never silent.
func (p *jsonPrinter) event(ev agent.Event) {
	if ev.Type == agent.EventRetrying {
		p.note(ev.Text)
	}
}

func (p *jsonPrinter) note(text string) {
	if !p.quiet {
		fmt.Fprintf(p.err, "! %s\n", text)
	}
}

func (p *jsonPrinter) finish(res *agent.Result, code ExitCode) {
	enc := json.NewEncoder(p.out)
	enc.SetIndent("", "  ")
	_ = enc.Encode(newResultJSON(res, code))
}
