package editor

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Attachment is a file picked with @ or a large paste, shown above the
// prompt and sent with it.
type Attachment struct {
	// Name is shown to the user: the path as typed, or "paste-1.txt".
	Name string
	// Path is the file path relative to the working dir ("" for a paste).
	Path string
	// Text is the content of a paste.
	Text string
}

// label is the attachment as the chip line shows it.
func (a Attachment) label() string {
	if a.Path == "" {
		return fmt.Sprintf("%s (%d lines)", a.Name, strings.Count(strings.TrimRight(a.Text, "\n"), "\n")+1)
	}
	return a.Name
}

// PasteLines and PasteBytes are the sizes above which a paste becomes an
// attachment instead of prompt text.
const (
	PasteLines = 12
	PasteBytes = 2000
)

func isLargePaste(s string) bool {
	return len(s) > PasteBytes || strings.Count(s, "\n") >= PasteLines
}

func clipLine(s string, width int) string {
	if ansi.StringWidth(s) <= width {
		return s
	}
	return ansi.Truncate(s, width-1, "…")
}
