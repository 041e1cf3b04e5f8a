package lsp

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Caps on diagnostics shown: after a change (errors and warnings of the
// changed file only), and by the diagnostics tool.
const (
	maxChangeDiagnostics = 10
	maxToolDiagnostics   = 100
)

// severity treats a missing severity as an error, as clients must.
func severity(d Diagnostic) Severity {
	if d.Severity == 0 {
		return SeverityError
	}
	return d.Severity
}

// sortDiagnostics orders by severity (errors first), then position.
func sortDiagnostics(items []Diagnostic) []Diagnostic {
	out := slices.Clone(items)
	slices.SortStableFunc(out, func(a, b Diagnostic) int {
		return cmp.Or(cmp.Compare(severity(a), severity(b)),
			cmp.Compare(a.Range.Start.Line, b.Range.Start.Line),
			cmp.Compare(a.Range.Start.Character, b.Range.Start.Character))
	})
	return out
}

// formatLine renders one diagnostic: "12:5 error: message (source)".
func formatLine(d Diagnostic) string {
	msg := strings.Join(strings.Fields(d.Message), " ")
	s := fmt.Sprintf("%d:%d %s: %s", d.Range.Start.Line+1, d.Range.Start.Character+1, severity(d), msg)
	if d.Source != "" {
		s += " (" + d.Source + ")"
	}
	return s
}

// formatChange is the text appended to the result of a change to the
// file shown as shown: its errors and warnings, errors first, capped; ""
// when there are none.
func formatChange(shown, server string, items []Diagnostic) string {
	items = slices.DeleteFunc(sortDiagnostics(items), func(d Diagnostic) bool { return severity(d) > SeverityWarning })
	if len(items) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s reports %s in %s after this change:\n", server, count(len(items), "problem"), shown)
	for i, d := range items {
		if i == maxChangeDiagnostics {
			fmt.Fprintf(&b, "… and %d more (the diagnostics tool lists them all)\n", len(items)-i)
			break
		}
		b.WriteString("  " + formatLine(d) + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// formatFiles renders the diagnostics of several files (keyed by the
// path to show), errors first within each file, files with errors first,
// capped at maxToolDiagnostics lines overall.
func formatFiles(byFile map[string][]Diagnostic) (string, int) {
	files := make([]string, 0, len(byFile))
	total := 0
	for f, items := range byFile {
		files = append(files, f)
		total += len(items)
	}
	worst := func(f string) Severity { return severity(sortDiagnostics(byFile[f])[0]) }
	slices.SortFunc(files, func(a, b string) int { return cmp.Or(cmp.Compare(worst(a), worst(b)), strings.Compare(a, b)) })
	var b strings.Builder
	shown := 0
	for _, f := range files {
		if shown == maxToolDiagnostics {
			break
		}
		b.WriteString(f + ":\n")
		for _, d := range sortDiagnostics(byFile[f]) {
			if shown == maxToolDiagnostics {
				break
			}
			b.WriteString("  " + formatLine(d) + "\n")
			shown++
		}
	}
	if total > shown {
		fmt.Fprintf(&b, "… and %d more. Ask for one file (file_path) to see its full list.\n", total-shown)
	}
	return strings.TrimRight(b.String(), "\n"), total
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
