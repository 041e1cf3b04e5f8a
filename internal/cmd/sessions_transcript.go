package cmd

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
)

// Limits of the shortened transcript (without --full).
const (
	transcriptMaxLines = 20
	transcriptMaxBytes = 2000
)

// A clipped string's head must reach the cut and hold the byte after it.
var (
	_ [message.OutlineHead - transcriptMaxBytes - 1]struct{}
	_ [message.OutlineLines - transcriptMaxLines]struct{}
)

// transcript prints a session as readable plain text. The first write
// error is kept in err and later writes are skipped.
type transcript struct {
	w    io.Writer
	full bool
	err  error
}

func (t *transcript) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, args...)
	}
}

// write writes the strings as they are.
func (t *transcript) write(ss ...string) {
	for _, s := range ss {
		if t.err != nil {
			return
		}
		_, t.err = io.WriteString(t.w, s)
	}
}

func (t *transcript) header(s session.Session) {
	t.printf("%s\n", sessionTitle(s))
	t.printf("  id       %s\n", s.ID)
	t.printf("  project  %s\n", s.ProjectDir)
	if s.ParentSessionID != "" {
		t.printf("  parent   %s (call %s)\n", s.ParentSessionID, s.ParentCallID)
	}
	t.printf("  created  %s   updated %s\n", session.FormatMillis(s.CreatedAt), session.FormatMillis(s.UpdatedAt))
	t.printf("  usage    %s\n", usageLine(s))
	if s.ContextTokens > 0 {
		t.printf("  context  %s tokens\n", session.FormatCount(s.ContextTokens))
	}
}

func (t *transcript) message(m message.Outline) {
	label := string(m.Role)
	if m.IsSummary {
		label += " · summary"
	}
	if m.Model != "" {
		label += " · " + m.Provider + "/" + m.Model
	}
	label += " · " + time.UnixMilli(m.CreatedAt).Local().Format("15:04:05")
	if m.Status != message.StatusDone && m.Status != "" {
		label += " · " + string(m.Status)
	}
	t.printf("\n── %s %s\n", label, strings.Repeat("─", max(3, 60-len([]rune(label)))))
	for _, p := range m.Parts {
		t.part(p)
	}
	if m.FinishReason != "" && m.FinishReason != llm.FinishStop && m.FinishReason != llm.FinishToolUse {
		t.printf("[finished: %s]\n", m.FinishReason)
	}
}

// part prints one part. The strings a transcript shortens come clipped
// (message.Clip); the others are whole.
func (t *transcript) part(p message.OutlinePart) {
	switch p.Type {
	case llm.PartText:
		t.write(strings.TrimRight(p.Text.Head, "\n"), "\n")
	case llm.PartReasoning:
		if p.Text.Len != 0 {
			t.indented(p.Text, "  thinking│ ")
		}
	case llm.PartImage:
		t.printf("[image %s, %d bytes]\n", p.MediaType, p.DataLen)
	case llm.PartToolCall:
		t.printf("→ %s %s\n", p.ToolName, t.shorten(p.Input))
		if p.InputError != "" {
			t.printf("  ✗ invalid arguments: %s\n", p.InputError)
		}
	case llm.PartToolResult:
		mark := "←"
		if p.IsError {
			mark = "✗"
		}
		t.printf("%s %s result\n", mark, p.ToolName)
		if p.Text.Len != 0 {
			t.indented(p.Text, "  │ ")
		}
	case llm.PartFinish:
		if p.Text.Head != "" {
			t.printf("[%s: %s]\n", p.Reason, p.Text.Head)
		}
	}
}

func (t *transcript) trace(turns []session.Turn) {
	t.printf("\n── trace %s\n", strings.Repeat("─", 54))
	if len(turns) == 0 {
		t.printf("no model steps recorded\n")
		return
	}
	if t.err != nil {
		return
	}
	// The table is aligned on its own; each step's failovers and error go
	// under its row, outside the columns, so they widen none of them.
	var table bytes.Buffer
	tw := tabwriter.NewWriter(&table, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tTIME\tMODEL\tLATENCY\tTTFT\tIN\tOUT\tCACHE R/W\tCOST\tFINISH")
	for i, tr := range turns {
		fmt.Fprintf(tw, "%d\t%s\t%s/%s\t%s\t%s\t%d\t%d\t%d/%d\t$%.4f\t%s\n", i+1,
			time.UnixMilli(tr.CreatedAt).Local().Format("15:04:05"), tr.Provider, tr.Model,
			millis(tr.LatencyMS), millis(tr.TTFTMS), tr.InputTokens, tr.OutputTokens,
			tr.CacheRead, tr.CacheWrite, tr.Cost, tr.FinishReason)
	}
	if t.err = tw.Flush(); t.err != nil {
		return
	}
	rows := strings.Split(strings.TrimSuffix(table.String(), "\n"), "\n")
	t.printf("%s\n", rows[0])
	for i, tr := range turns {
		t.printf("%s\n", strings.TrimRight(rows[i+1], " "))
		if tr.Switch != nil {
			t.printf("   ↳ %s\n", tr.Switch.Text())
		}
		for _, fo := range tr.Failovers {
			t.printf("   ↳ failover: %s\n", fo)
		}
		if tr.Error != "" {
			t.printf("   ↳ error: %s\n", tr.Error)
		}
	}
}

// shorten cuts c's string to the transcript limits unless printing in
// full, and says how many lines it left out.
func (t *transcript) shorten(c message.Clip) string {
	s, more := t.cut(c)
	if more < 0 {
		return s
	}
	return s + "\n" + moreLines(more)
}

// shortenWhole is shorten of a whole string.
func (t *transcript) shortenWhole(s string) string {
	return t.shorten(message.Clip{Head: s, Len: len(s)})
}

// indented writes c's string shortened, prefix before every line.
func (t *transcript) indented(c message.Clip, prefix string) {
	s, more := t.cut(c)
	t.write(prefix)
	for {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			break
		}
		t.write(s[:i+1], prefix)
		s = s[i+1:]
	}
	t.write(s)
	if more >= 0 {
		t.write("\n", prefix, moreLines(more))
	}
	t.write("\n")
}

// cut returns what the transcript shows of c's string and how many lines
// it leaves out (-1: none, the string is shown whole). A clipped string
// is cut as if whole: its head holds more than the limit, and the line
// count of the rest comes from c's counts.
func (t *transcript) cut(c message.Clip) (string, int) {
	if c.Whole() {
		return t.cutWhole(c.Head)
	}
	n := c.Len - c.Trailing // the string without its final newlines
	if n <= len(c.Head) {
		return t.cutWhole(c.Head[:n])
	}
	s := c.Head
	cut := cutAt(s) // within the head: it passes a limit (message.OutlineHead)
	if cut >= len(s) {
		return t.cutWhole(s) // not a head message.EachOutline returns
	}
	rest := c.Newlines - c.Trailing - strings.Count(s[:cut], "\n")
	if s[cut] == '\n' {
		rest--
	}
	return s[:cut], rest + 1
}

// cutWhole is cut of a whole string.
func (t *transcript) cutWhole(s string) (string, int) {
	s = strings.TrimRight(s, "\n")
	if t.full {
		return s, -1
	}
	cut := cutAt(s)
	if cut == len(s) {
		return s, -1
	}
	return s[:cut], strings.Count(strings.TrimPrefix(s[cut:], "\n"), "\n") + 1
}

// cutAt returns where a string that starts with s is cut: at its
// transcriptMaxLines-th newline or after transcriptMaxBytes (at a
// character's start), whichever comes first; len(s) when s reaches
// neither.
func cutAt(s string) int {
	cut := len(s)
	newlines := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			if newlines++; newlines == transcriptMaxLines {
				cut = i
				break
			}
		}
	}
	if cut > transcriptMaxBytes {
		cut = transcriptMaxBytes
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
	}
	return cut
}

// moreLines is the line that follows a shortened string.
func moreLines(n int) string {
	return "… " + strconv.Itoa(n) + " more lines (--full shows all)"
}

// millis formats a duration in ms as seconds.
func millis(ms int64) string {
	if ms == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1fs", float64(ms)/1000)
}
