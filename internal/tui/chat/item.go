package chat

import (
	"strconv"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/tui/markdown"
)

type itemKind int

const (
	kindUser itemKind = iota
	kindAssistant
	kindSummary
	kindInfo
)

// Level is the weight of an info line.
type Level int

// Info levels.
const (
	LevelInfo Level = iota
	LevelWarn
	LevelError
)

// item is one entry of the chat: a message or an info line.
type item struct {
	kind  itemKind
	msg   message.Message
	info  string
	level Level
	// failure is the cause of a failed turn (an info line of AddFailure),
	// hint the key that retries it; on an assistant message, hint follows
	// its error line.
	failure, hint string
	version       int

	docs  map[int]*markdown.Doc // per text part index, for assistant markdown
	cache renderCache
	// foldLine is the line of each fold's header in the cached lines.
	foldLine map[string]int
}

type cacheKey struct {
	width, version, gen, frame int
	busy                       bool
	sel                        string
}

type renderCache struct {
	key   cacheKey
	valid bool
	lines []string
}

func kindOf(msg message.Message) itemKind {
	switch {
	case msg.IsSummary:
		return kindSummary
	case msg.Role == llm.RoleUser:
		return kindUser
	}
	return kindAssistant
}

// reasoningKey and summaryKey name folds; tool calls fold by call id.
func reasoningKey(msgID string, part int) string { return msgID + "#r" + strconv.Itoa(part) }
func summaryKey(msgID string) string             { return msgID + "#s" }

// folds lists the collapsible blocks of the item in display order.
func (it *item) folds() []string {
	switch it.kind {
	case kindSummary:
		return []string{summaryKey(it.msg.ID)}
	case kindAssistant:
		var keys []string
		for i, p := range it.msg.Parts {
			switch p.Type {
			case llm.PartReasoning:
				if p.Text != "" {
					keys = append(keys, reasoningKey(it.msg.ID, i))
				}
			case llm.PartToolCall:
				keys = append(keys, p.ToolCallID)
			}
		}
		return keys
	}
	return nil
}

// live reports whether the item's look depends on the busy flag and the
// spinner: a streaming message or a call still without result.
func (it *item) live(results map[string]llm.Part) bool {
	if it.kind != kindAssistant {
		return false
	}
	if it.msg.Status == message.StatusStreaming {
		return true
	}
	for _, p := range it.msg.Parts {
		if p.Type == llm.PartToolCall {
			if _, ok := results[p.ToolCallID]; !ok {
				return true
			}
		}
	}
	return false
}

// doc returns the markdown document cache of text part i.
func (it *item) doc(i int) *markdown.Doc {
	if it.docs == nil {
		it.docs = make(map[int]*markdown.Doc)
	}
	d, ok := it.docs[i]
	if !ok {
		d = &markdown.Doc{}
		it.docs[i] = d
	}
	return d
}
