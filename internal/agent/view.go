package agent

import (
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

// toLLM converts a stored message to what a model is sent: finish parts,
// empty text and reasoning-only assistant messages are left out. ok is
// false when nothing remains.
func toLLM(m message.Message) (llm.Message, bool) {
	parts := make([]llm.Part, 0, len(m.Parts))
	content := false
	for _, p := range m.Parts {
		switch p.Type {
		case llm.PartFinish:
			continue
		case llm.PartText:
			if p.Text == "" {
				continue
			}
		}
		if p.Type != llm.PartReasoning {
			content = true
		}
		parts = append(parts, p)
	}
	if !content {
		return llm.Message{}, false
	}
	return llm.Message{Role: m.Role, Parts: parts}, true
}

// appendView adds m to the request view. Every stored message stays its
// own message — a summary, each queued prompt, each prompt with its
// attachments — and the adapters decide how the wire format carries
// several user messages in a row, so no prompt is ever glued to another.
func (t *turn) appendView(m message.Message) {
	lm, ok := toLLM(m)
	if !ok {
		return
	}
	if hasImages(lm) {
		t.hasImages = true
	}
	t.view = append(t.view, lm)
}

// rebuildView recomputes the view from the history.
func (t *turn) rebuildView() {
	t.view, t.hasImages = nil, false
	for _, m := range t.hist {
		t.appendView(m)
	}
}

func hasImages(m llm.Message) bool {
	for _, p := range m.Parts {
		if p.Type == llm.PartImage || len(p.Data) > 0 {
			return true
		}
	}
	return false
}

// imageNote replaces an image for a model that cannot see it.
func imageNote(model string) string {
	return "[image omitted: " + model + " does not accept images]"
}

// stripImages returns view with every image replaced by a note; messages
// without images are shared, not copied.
func stripImages(view []llm.Message, model string) []llm.Message {
	out := make([]llm.Message, len(view))
	for i, m := range view {
		if !hasImages(m) {
			out[i] = m
			continue
		}
		parts := make([]llm.Part, 0, len(m.Parts))
		for _, p := range m.Parts {
			switch {
			case p.Type == llm.PartImage:
				parts = append(parts, llm.Text(imageNote(model)))
			case len(p.Data) > 0:
				p.Data, p.MediaType = nil, ""
				p.Text += "\n" + imageNote(model)
				parts = append(parts, p)
			default:
				parts = append(parts, p)
			}
		}
		out[i] = llm.Message{Role: m.Role, Parts: parts}
	}
	return out
}

// estimateParts guesses the tokens of parts (four characters a token;
// an image counts a flat 1,000).
func estimateParts(parts []llm.Part) int64 {
	var n int64
	for _, p := range parts {
		n += int64(len(p.Text)+len(p.Input)+3) / 4
		if len(p.Data) > 0 {
			n += 1000
		}
	}
	return n
}

// estimateView guesses the tokens of a whole request.
func estimateView(system []string, view []llm.Message) int64 {
	var n int64
	for _, s := range system {
		n += int64(len(s)+3) / 4
	}
	for _, m := range view {
		n += estimateParts(m.Parts)
	}
	return n
}
