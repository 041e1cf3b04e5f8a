package styles

import (
	"charm.land/glamour/v2/ansi"
	glamstyles "charm.land/glamour/v2/styles"
)

// Markdown returns the glamour style for assistant text: glamour's dark,
// light or ASCII style without the document margin and the blank lines
// around the document, since the chat lays blocks out itself.
func (t *Theme) Markdown() ansi.StyleConfig {
	var cfg ansi.StyleConfig
	switch {
	case t.NoColor:
		cfg = glamstyles.ASCIIStyleConfig
	case t.MarkdownDark:
		cfg = glamstyles.DarkStyleConfig
	default:
		cfg = glamstyles.LightStyleConfig
	}
	zero := uint(0)
	cfg.Document.Margin = &zero
	cfg.Document.BlockPrefix = ""
	cfg.Document.BlockSuffix = ""
	return cfg
}
