package agent_test

import (
	"strings"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
)

func withTitles(c *agent.Config) { c.DisableTitles = false }

func TestTitleFromSmallModel(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Text("answer")}, fake.Turn{fake.Text("answer 2")})
	small := fake.New().AddSide(fake.Turn{fake.Text("Title: \"Fix the login bug.\"\n")})
	h := newHarness(t, m, withTitles, func(c *agent.Config) { c.Small = []agent.Candidate{candidate("s", small)} })
	h.run("The login form rejects valid passwords, please fix it")
	h.run("thanks")
	h.co.Close()
	s, _ := h.sess.Get(t.Context(), h.sid)
	if s.Title != "Fix the login bug" {
		t.Errorf("title %q", s.Title)
	}
	small.AssertConsumed(t)
	side := small.SideRequests()
	if len(side) != 1 || len(side[0].Tools) != 0 || side[0].Messages[0].Text() != "The login form rejects valid passwords, please fix it" {
		t.Errorf("title requests %+v", side)
	}
	if len(m.SideRequests()) != 0 {
		t.Error("the large model was asked for the title")
	}
}

func TestTitleFallsBackToPrompt(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Text("answer")})
	small := fake.New().AddSide(fake.Turn{fake.Error(llm.KindAuth)})
	h := newHarness(t, m, withTitles, func(c *agent.Config) { c.Small = []agent.Candidate{candidate("s", small)} })
	h.run("  Please look at\tthe failing integration tests in ci and tell me why they break\nsecond line")
	h.co.Close()
	s, _ := h.sess.Get(t.Context(), h.sid)
	if !strings.HasPrefix(s.Title, "Please look at the failing integration tests in") || !strings.HasSuffix(s.Title, "…") || len([]rune(s.Title)) != 50 {
		t.Errorf("title %q", s.Title)
	}
}
