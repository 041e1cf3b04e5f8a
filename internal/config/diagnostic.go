package config

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Severity tells errors, which stop Hone from starting, from warnings.
type Severity string

// Severities.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
	// SeverityNote marks information, like a part of the config that
	// applies because the project is trusted.
	SeverityNote Severity = "note"
)

// Diagnostic is one problem found in a config file. Line and Col are
// 1-based (Col counts bytes) and zero when the position is unknown; Path is
// the JSON path of the offending value (providers.work.models[0].id), empty
// for problems of the file as a whole.
type Diagnostic struct {
	File     string   `json:"file"`
	Line     int      `json:"line,omitempty"`
	Col      int      `json:"col,omitempty"`
	Path     string   `json:"path,omitempty"`
	Message  string   `json:"message"`
	Severity Severity `json:"severity"`
}

// String formats d like a compiler message:
// "file:line:col: path: message", with "warning: " before the path for
// warnings and the position left out when unknown.
func (d Diagnostic) String() string {
	var b strings.Builder
	b.WriteString(d.File)
	if d.Line > 0 {
		b.WriteString(":" + strconv.Itoa(d.Line) + ":" + strconv.Itoa(d.Col))
	}
	b.WriteString(": ")
	if d.Severity == SeverityWarning || d.Severity == SeverityNote {
		b.WriteString(string(d.Severity) + ": ")
	}
	if d.Path != "" {
		b.WriteString(d.Path + ": ")
	}
	b.WriteString(d.Message)
	return b.String()
}

// IsError reports whether d is an error rather than a warning.
func (d Diagnostic) IsError() bool { return d.Severity == SeverityError }

// ErrInvalid is matched (errors.Is) by every *ValidationError.
var ErrInvalid = errors.New("invalid configuration")

// ValidationError is returned by Load when a config layer has errors. It
// holds every diagnostic found, warnings included.
type ValidationError struct {
	Diagnostics []Diagnostic
}

// Error lists the error diagnostics, one per line.
func (e *ValidationError) Error() string {
	var lines []string
	for _, d := range e.Diagnostics {
		if d.IsError() {
			lines = append(lines, d.String())
		}
	}
	if len(lines) == 1 {
		return "invalid configuration: " + lines[0]
	}
	return fmt.Sprintf("invalid configuration (%d errors):\n%s", len(lines), strings.Join(lines, "\n"))
}

// Is makes errors.Is(err, ErrInvalid) true.
func (e *ValidationError) Is(target error) bool { return target == ErrInvalid }

// HasErrors reports whether any of ds is an error.
func HasErrors(ds []Diagnostic) bool {
	for _, d := range ds {
		if d.IsError() {
			return true
		}
	}
	return false
}

// sortDiagnostics orders one file's diagnostics by position, unpositioned
// ones last, keeping the order of equal positions.
func sortDiagnostics(ds []Diagnostic) []Diagnostic {
	key := func(d Diagnostic) (int, int) {
		if d.Line == 0 {
			return math.MaxInt, 0
		}
		return d.Line, d.Col
	}
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		al, ac := key(a)
		bl, bc := key(b)
		return cmp.Or(cmp.Compare(al, bl), cmp.Compare(ac, bc))
	})
	return ds
}
