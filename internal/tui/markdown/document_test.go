package markdown

import (
	"strings"
	"testing"

	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

func TestDocReusesUnchangedBlocks(t *testing.T) {
	t.Parallel()
	r := New(styles.New(true, false).Markdown())
	var d Doc
	src := "# Title\n\nFirst paragraph.\n\n- a\n- b"
	first := d.Render(r, src, 60)
	kept := d.blocks[0].lines
	d.Render(r, src+"\n- c", 60)
	if &d.blocks[0].lines[0] != &kept[0] {
		t.Fatal("an unchanged block was rendered again")
	}
	if got := golden.Plain(strings.Join(first, "\n")); !strings.Contains(got, "First paragraph.") || !strings.Contains(got, "Title") {
		t.Fatalf("render = %q", got)
	}
	d.Render(r, src, 30)
	if len(d.blocks) != 3 || d.width != 30 {
		t.Fatalf("width change must re-render: %+v", d)
	}
}

func TestBlockLinesFitWidth(t *testing.T) {
	t.Parallel()
	r := New(styles.New(true, false).Markdown())
	src := "```\n" + strings.Repeat("x", 200) + "\n```\n\n| a | b |\n|---|---|\n| " + strings.Repeat("y", 90) + " | z |"
	for _, w := range []int{20, 40} {
		var d Doc
		for _, ln := range d.Render(r, src, w) {
			if n := len([]rune(golden.Plain(ln))); n > w {
				t.Errorf("width %d: line of %d cells", w, n)
			}
		}
	}
}
