package anthropic

import (
	"fmt"

	"github.com/anthropics/anthropic-sdk-go"

	"github.com/honecode/hone/internal/llm"
)

// A plan says which of a request's messages make each API message, read
// from their parts before any is converted: neighbours of one role merge
// into one API message (the API wants strictly alternating turns), and a
// message with no part to send makes none. With it, a step converts only
// the API messages whose encoded piece is not kept (Client.messagePieces),
// instead of its whole history with a base64 copy of every image.
type plan struct {
	msgs []llm.Message
	// from[i] is the index in msgs of the first message of API message
	// i, whose sources end where those of API message i+1 begin.
	from []int
	// roles[i] is the role of API message i.
	roles []anthropic.MessageParamRole
}

// planMessages plans msgs; it fails on a message of an unknown role.
func planMessages(msgs []llm.Message) (plan, error) {
	pl := plan{msgs: msgs}
	for i := range msgs {
		role, err := apiRole(msgs[i].Role)
		if err != nil {
			return plan{}, fmt.Errorf("message %d: %w", i, err)
		}
		if !sendsAny(&msgs[i]) {
			continue
		}
		if n := len(pl.roles); n > 0 && pl.roles[n-1] == role {
			continue
		}
		pl.from = append(pl.from, i)
		pl.roles = append(pl.roles, role)
	}
	return pl, nil
}

// sendsAny reports whether m has a part that becomes a block.
func sendsAny(m *llm.Message) bool {
	for i := range m.Parts {
		if sent(m.Role, &m.Parts[i]) {
			return true
		}
	}
	return false
}

// len is the number of API messages.
func (pl *plan) len() int { return len(pl.from) }

// sources are the messages API message i is made of, with those between
// them that send nothing.
func (pl *plan) sources(i int) []llm.Message {
	end := len(pl.msgs)
	if i+1 < len(pl.from) {
		end = pl.from[i+1]
	}
	return pl.msgs[pl.from[i]:end]
}

// marked reports whether API message i is one of the last two, which
// carry a cache-control mark (see the package doc).
func (pl *plan) marked(i int) bool { return i >= len(pl.from)-2 }

// convert returns API message i: the blocks of its sources, tool results
// first in a user message (the API wants them right after the tool_use
// turn), its last cacheable block marked when marked(i).
func (pl *plan) convert(i int) anthropic.MessageParam {
	src := pl.sources(i)
	var blocks []anthropic.ContentBlockParamUnion
	for j := range src {
		blocks = appendBlocks(blocks, &src[j])
	}
	if pl.roles[i] == anthropic.MessageParamRoleUser {
		toolResultsFirst(blocks)
	}
	if pl.marked(i) {
		markLast(blocks)
	}
	return anthropic.MessageParam{Role: pl.roles[i], Content: blocks}
}

// all converts every API message; the slice is not nil even when empty,
// so that messages is encoded as [].
func (pl *plan) all() []anthropic.MessageParam {
	out := make([]anthropic.MessageParam, pl.len())
	for i := range out {
		out[i] = pl.convert(i)
	}
	return out
}

// markLast sets a cache-control mark on the last block that takes one.
func markLast(blocks []anthropic.ContentBlockParamUnion) {
	for j := len(blocks) - 1; j >= 0; j-- {
		if cc := blocks[j].GetCacheControl(); cc != nil {
			*cc = anthropic.NewCacheControlEphemeralParam()
			return
		}
	}
}
