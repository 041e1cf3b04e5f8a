package message

import (
	"strings"

	"github.com/honecode/hone/internal/llm"
)

// An outline is what a transcript prints of a message when it does not
// show everything: the metadata and, of each part, the short fields whole
// and the long ones (a tool result's text, reasoning, a tool call's
// arguments) as their first OutlineHead bytes plus enough counts to say
// how much was left out. It is stored next to the message when the
// message is final (table message_outlines, outline_codec.go), so a long
// session is shown without reading its full parts.

// A long string's head in an outline is its first OutlineLines lines
// (with the last newline) or its first OutlineHead bytes, whichever is
// shorter. A reader that shortens to n lines and b bytes needs
// n <= OutlineLines and b < OutlineHead: the byte after the cut tells
// whether it falls inside a character.
const (
	OutlineHead  = 2048
	OutlineLines = 20
)

// Clip is a string an outline may have cut. Head is the whole string
// when Len == len(Head), else its head (see OutlineHead), which may end
// inside a character.
type Clip struct {
	Head string
	// Len is the length of the whole string in bytes.
	Len int
	// Newlines counts the '\n' of the whole string, Trailing those that
	// end it; both are set only when Head is cut.
	Newlines, Trailing int
}

// Whole reports whether Head is the whole string.
func (c Clip) Whole() bool { return len(c.Head) == c.Len }

// OutlinePart is one part of an outline.
type OutlinePart struct {
	Type llm.PartType
	// Text is a part's text: whole for text and finish parts, clipped
	// for tool results and reasoning.
	Text Clip
	// Input is a tool call's arguments, clipped.
	Input      Clip
	ToolName   string
	InputError string
	MediaType  string
	Reason     llm.FinishReason
	IsError    bool
	// DataLen is the size of an image's data in bytes.
	DataLen int
}

// Outline is a message as a transcript prints it (see the package's
// outline notes).
type Outline struct {
	ID           string
	Role         llm.Role
	Status       Status
	Model        string
	Provider     string
	IsSummary    bool
	FinishReason llm.FinishReason
	CreatedAt    int64 // unix ms
	Parts        []OutlinePart
}

// NewOutline returns m's outline. With clip false nothing is cut, so the
// outline carries every string a transcript prints in full.
func NewOutline(m Message, clip bool) Outline {
	o := Outline{
		ID: m.ID, Role: m.Role, Status: m.Status, Model: m.Model, Provider: m.Provider,
		IsSummary: m.IsSummary, FinishReason: m.FinishReason, CreatedAt: m.CreatedAt,
		Parts: make([]OutlinePart, len(m.Parts)),
	}
	for i, p := range m.Parts {
		long := clip && (p.Type == llm.PartToolResult || p.Type == llm.PartReasoning)
		o.Parts[i] = OutlinePart{
			Type: p.Type, Text: newClip(p.Text, long), Input: newClip(p.Input, clip),
			ToolName: p.ToolName, InputError: p.InputError, MediaType: p.MediaType,
			Reason: p.Reason, IsError: p.IsError, DataLen: len(p.Data),
		}
	}
	return o
}

// newClip returns s as a Clip, cut to its head when clip is set.
func newClip(s string, clip bool) Clip {
	c := Clip{Head: s, Len: len(s)}
	if !clip {
		return c
	}
	end := headEnd(s)
	if end == len(s) {
		return c
	}
	c.Head = s[:end]
	c.Newlines = strings.Count(s, "\n")
	c.Trailing = len(s) - len(strings.TrimRight(s, "\n"))
	return c
}

// headEnd returns the length of s's head: just after its OutlineLines-th
// newline, at most OutlineHead bytes, at most len(s).
func headEnd(s string) int {
	limit := min(len(s), OutlineHead)
	end := 0
	for range OutlineLines {
		i := strings.IndexByte(s[end:limit], '\n')
		if i < 0 {
			return limit
		}
		end += i + 1
	}
	return end
}

// validHead reports whether head can be the head of a longer string.
func validHead(head string) bool {
	return len(head) == OutlineHead ||
		(strings.HasSuffix(head, "\n") && strings.Count(head, "\n") == OutlineLines)
}
