package tools

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// htmlToText extracts the readable text of an HTML document: scripts,
// styles and the head are dropped, block elements end lines, runs of
// spaces collapse and blank lines are squeezed.
func htmlToText(src string) string {
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		return src
	}
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			return
		}
		if n.Type == html.ElementNode && skippedElement(n.DataAtom) {
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if n.Type == html.ElementNode && blockElement(n.DataAtom) {
			b.WriteString("\n")
		}
	}
	walk(doc)
	return squeezeText(b.String())
}

func skippedElement(a atom.Atom) bool {
	switch a {
	case atom.Head, atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Svg, atom.Iframe:
		return true
	}
	return false
}

func blockElement(a atom.Atom) bool {
	switch a {
	case atom.P, atom.Div, atom.Br, atom.Li, atom.Tr, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6,
		atom.Pre, atom.Blockquote, atom.Section, atom.Article, atom.Header, atom.Footer, atom.Table,
		atom.Ul, atom.Ol, atom.Dt, atom.Dd, atom.Hr, atom.Title, atom.Main, atom.Nav, atom.Form:
		return true
	}
	return false
}

// squeezeText collapses spaces within lines and keeps at most one blank
// line between paragraphs.
func squeezeText(s string) string {
	var out []string
	blank := false
	for line := range strings.SplitSeq(s, "\n") {
		line = strings.Join(strings.Fields(line), " ")
		if line == "" {
			blank = len(out) > 0
			continue
		}
		if blank {
			out = append(out, "")
			blank = false
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}
