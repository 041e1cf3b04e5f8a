package cmd

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/session"
)

func TestRunSessionsShow(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := newTestStore(t)
	s := seedConversation(t, st, projectDir(t), "Parser bug")

	io, out, _ := testIO("")
	opts := &SessionsShowOptions{ID: s.ID[:len(s.ID)-6], Trace: true, Store: st}
	if err := runSessionsShow(ctx, opts, io); err != nil {
		t.Fatal(err)
	}
	wantContains(t, out.String(),
		"Parser bug", s.ID, s.ProjectDir, "$0.0123",
		"── user", "Why does the parser fail?",
		"── assistant · work/claude-x", "thinking│ Look at parser.go first.",
		`→ view {"file_path":"parser.go"}`, `→ bash {"command":"go test ./..."}`,
		"← view result", "  │ package parser",
		"✗ bash result", "  │ exit status 1: undefined: Lexer",
		"The Lexer type is missing.",
		"── trace", "LATENCY", "work/claude-x", "2.5s", "failover: backup/model-y: rate_limit",
	)
}

func TestRunSessionsShowShortensLongResults(t *testing.T) {
	t.Parallel()
	tr := &transcript{}
	long := strings.Repeat("line\n", 100)
	got := tr.shortenWhole(long)
	if strings.Count(got, "\n") != transcriptMaxLines || !strings.HasSuffix(got, "… 80 more lines (--full shows all)") {
		t.Fatalf("shortened to:\n%s", got)
	}
	wide := strings.Repeat("é", transcriptMaxBytes)
	if got := tr.shortenWhole(wide); len(got) > transcriptMaxBytes+60 || !strings.Contains(got, "more lines") {
		t.Fatalf("one long line not cut: %d bytes", len(got))
	}
	tr.full = true
	if got := tr.shortenWhole(long); got != strings.TrimRight(long, "\n") {
		t.Fatal("--full shortened the text")
	}
}

func TestRunSessionsShowJSONIsTheExport(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := newTestStore(t)
	s := seedConversation(t, st, projectDir(t), "Parser bug")
	io, out, _ := testIO("")
	if err := runSessionsShow(ctx, &SessionsShowOptions{ID: s.ID, JSON: true, Store: st}, io); err != nil {
		t.Fatal(err)
	}
	doc, err := session.DecodeExport(out)
	if err != nil {
		t.Fatal(err)
	}
	if doc.Session.ID != s.ID || len(doc.Messages) != 4 || len(doc.Turns) != 1 {
		t.Fatalf("show --json = %+v", doc)
	}
}

func TestResolveErrorsAndExitCodes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := newTestStore(t)
	dir := projectDir(t)
	a := seedConversation(t, st, dir, "first")
	b := seedConversation(t, st, dir, "second")

	io, _, _ := testIO("")
	err := runSessionsShow(ctx, &SessionsShowOptions{ID: a.ID[:4], Store: st}, io)
	var amb *session.AmbiguousError
	if !errors.As(err, &amb) || exitCode(err) != ExitUsage {
		t.Fatalf("ambiguous prefix: %v (exit %d), want an AmbiguousError with exit 2", err, exitCode(err))
	}
	wantContains(t, err.Error(), a.ID, b.ID, "first", "second", "ambiguous")

	err = runSessionsShow(ctx, &SessionsShowOptions{ID: "ffffffff", Store: st}, io)
	if !errors.Is(err, session.ErrNotFound) || exitCode(err) != ExitUsage {
		t.Fatalf("unknown id: %v (exit %d), want ErrNotFound with exit 2", err, exitCode(err))
	}
}

func TestRunSessionsExportJSONRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := newTestStore(t)
	s := seedConversation(t, st, projectDir(t), "Parser bug")
	want, err := loadExport(ctx, st, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	io, out, _ := testIO("")
	if err := runSessionsExport(ctx, &SessionsExportOptions{ID: s.ID, Format: "json", Store: st}, io); err != nil {
		t.Fatal(err)
	}
	got, err := session.DecodeExport(out)
	if err != nil {
		t.Fatal(err)
	}
	got.ExportedAt, want.ExportedAt = 0, 0
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("export did not round-trip:\n got %+v\nwant %+v", got, want)
	}
}

func TestRunSessionsExportMarkdown(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := newTestStore(t)
	s := seedConversation(t, st, projectDir(t), "Parser bug")
	io, out, _ := testIO("")
	if err := runSessionsExport(ctx, &SessionsExportOptions{ID: s.ID, Format: "markdown", Store: st}, io); err != nil {
		t.Fatal(err)
	}
	wantContains(t, out.String(),
		"# Parser bug\n", "- Session: `"+s.ID+"`",
		"## User\n\nWhy does the parser fail?",
		"## Assistant — work/claude-x",
		"> **Thinking:** Look at parser.go first.",
		"**Tool call** `view` (`call-1`):\n\n```json\n{\"file_path\":\"parser.go\"}\n```",
		// The result holds a ``` fence, so its own fence is longer.
		"**Result** of `view` (`call-1`):\n\n````\npackage parser\n```go",
		"**Error** of `bash` (`call-2`)",
	)
}

// A failover line under a step does not shift the columns of the next
// steps: every row starts its FINISH cell where the header does.
func TestSessionsShowTraceStaysAlignedAfterFailover(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := newTestStore(t)
	s := seedConversation(t, st, projectDir(t), "Parser bug")
	if _, err := st.Sessions.AddTurn(ctx, session.Turn{SessionID: s.ID, Provider: "backup", Model: "model-with-a-long-name",
		LatencyMS: 900, InputTokens: 1500, OutputTokens: 20, FinishReason: "stop", Error: "none really"}); err != nil {
		t.Fatal(err)
	}
	io, out, _ := testIO("")
	if err := runSessionsShow(ctx, &SessionsShowOptions{ID: s.ID, Trace: true, Store: st}, io); err != nil {
		t.Fatal(err)
	}
	trace := out.String()[strings.Index(out.String(), "── trace"):]
	lines := strings.Split(trace, "\n")
	var header string
	var rows []string
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "#"):
			header = l
		case strings.HasPrefix(l, "1 ") || strings.HasPrefix(l, "2 "):
			rows = append(rows, l)
		}
	}
	col := strings.Index(header, "FINISH")
	if len(rows) != 2 || col < 0 || !strings.Contains(trace, "↳ failover: backup/model-y: rate_limit") {
		t.Fatalf("trace:\n%s", trace)
	}
	for _, r := range rows {
		if !strings.HasPrefix(r[col:], "tool_use") && !strings.HasPrefix(r[col:], "stop") {
			t.Errorf("a row's MODEL cell does not start under the header:\n%s", trace)
		}
	}
}
