package agent

import (
	"encoding/json"
	"sync"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/tools"
)

// routeState is a turn's escalation state: what it did so far and which
// model group its last step used. An escalation is one-way.
type routeState struct {
	mu        sync.Mutex
	escalated bool
	why       ModelSwitch // Reason and Detail of the escalation
	calls     int
	tokens    int64
	failed    map[string]bool // name + arguments of failed calls
	files     map[string]bool // files the turn's write calls named
	group     group
	last      string // the candidate that answered the previous step
}

func (s *routeState) isEscalated() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.escalated
}

// escalate records the first trigger; later ones change nothing.
func (s *routeState) escalate(reason, detail string) {
	if s.escalated {
		return
	}
	s.escalated, s.why = true, ModelSwitch{Reason: reason, Detail: detail}
}

// requestUser escalates on the user's request.
func (s *routeState) requestUser() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.escalate(SwitchUser, "")
}

// enter notes that the next step uses group g starting with candidate
// to; it returns the switch when g differs from the previous step's.
func (s *routeState) enter(g group, to string) *ModelSwitch {
	s.mu.Lock()
	defer s.mu.Unlock()
	prev := s.group
	s.group = g
	if prev == "" || prev == g {
		return nil
	}
	sw := s.why
	if prev == groupPlan || g == groupPlan {
		sw = ModelSwitch{Reason: SwitchPlanMode}
	}
	sw.From, sw.To = s.last, to
	return &sw
}

// answered records the candidate that answered a step and the tokens
// it used.
func (s *routeState) answered(r Routing, cand string, u llm.Usage) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if cand != "" {
		s.last = cand
	}
	s.tokens += u.Total()
	if r.Escalate && s.tokens > r.MaxTokens {
		s.escalate(SwitchTokens, "")
	}
}

// observeCalls checks a step's tool calls against the triggers, in call
// order: the turn's call count, tools that want the large model, edits
// of a second file, and a call that failed before.
func (s *routeState) observeCalls(r Routing, calls []llm.Part, policy func(string) tools.Policy) {
	if !r.Escalate {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range calls {
		s.calls++
		switch {
		case s.calls > r.MaxToolCalls:
			s.escalate(SwitchToolCalls, "")
		case r.wantsLarge(c.ToolName):
			s.escalate(SwitchTool, c.ToolName)
		case s.failed[callKey(c)]:
			s.escalate(SwitchRepeatedFailed, c.ToolName)
		}
		if policy(c.ToolName) != tools.PolicyWrite {
			continue
		}
		if p := filePath(c.Input); p != "" {
			if s.files == nil {
				s.files = make(map[string]bool)
			}
			s.files[p] = true
			if len(s.files) > 1 {
				s.escalate(SwitchMultiFileEdit, "")
			}
		}
	}
}

// observeResults remembers the calls that failed (denials are the
// user's choice, not the model's failure).
func (s *routeState) observeResults(calls []llm.Part, results []*tools.Result) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, r := range results {
		if r == nil || !r.IsError || r.Denied {
			continue
		}
		if s.failed == nil {
			s.failed = make(map[string]bool)
		}
		s.failed[callKey(calls[i])] = true
	}
}

func callKey(c llm.Part) string { return c.ToolName + "\x00" + c.Input }

// filePath is the file_path argument of a call, if any.
func filePath(input string) string {
	var a struct {
		FilePath string `json:"file_path"`
	}
	if json.Unmarshal([]byte(input), &a) != nil {
		return ""
	}
	return a.FilePath
}
