package markdown

// Doc is the rendered form of one message's markdown. Render reuses the
// lines of every block whose source and width did not change, so a
// streaming message re-renders only its growing last block.
type Doc struct {
	width  int
	blocks []renderedBlock
}

type renderedBlock struct {
	src   string
	lines []string
}

// Render returns the lines of src at width, with one blank line between
// blocks.
func (d *Doc) Render(r *Renderer, src string, width int) []string {
	if width != d.width {
		d.width = width
		d.blocks = d.blocks[:0]
	}
	srcs := SplitBlocks(src)
	if len(d.blocks) > len(srcs) {
		d.blocks = d.blocks[:len(srcs)]
	}
	var out []string
	for i, s := range srcs {
		if i == len(d.blocks) {
			d.blocks = append(d.blocks, renderedBlock{src: s, lines: r.Block(s, width)})
		} else if d.blocks[i].src != s {
			d.blocks[i] = renderedBlock{src: s, lines: r.Block(s, width)}
		}
		if i > 0 {
			out = append(out, "")
		}
		out = append(out, d.blocks[i].lines...)
	}
	return out
}
