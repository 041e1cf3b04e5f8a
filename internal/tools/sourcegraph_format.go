package tools

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// sgResponse is the GraphQL answer of a search.
type sgResponse struct {
	Data   sgData `json:"data"`
	Errors []struct {
		Message string `json:"message"`
	} `json:"errors"`
}

type sgData struct {
	Search struct {
		Results struct {
			MatchCount             int        `json:"matchCount"`
			LimitHit               bool       `json:"limitHit"`
			ApproximateResultCount string     `json:"approximateResultCount"`
			Results                []sgResult `json:"results"`
		} `json:"results"`
	} `json:"search"`
}

type sgResult struct {
	Typename   string `json:"__typename"`
	Repository struct {
		Name string `json:"name"`
	} `json:"repository"`
	File struct {
		Path    string `json:"path"`
		URL     string `json:"url"`
		Content string `json:"content"`
	} `json:"file"`
	LineMatches []struct {
		Preview    string `json:"preview"`
		LineNumber int    `json:"lineNumber"`
	} `json:"lineMatches"`
	// Repository and commit results.
	Name        string `json:"name"`
	URL         string `json:"url"`
	Description string `json:"description"`
	Label       struct {
		Text string `json:"text"`
	} `json:"label"`
}

// sgMaxLine bounds one shown line, in characters.
const sgMaxLine = 300

// formatSourcegraph renders the results compactly: a summary line, then
// each file with numbered lines, matches marked with '>'.
func formatSourcegraph(d *sgData, base *url.URL, count, window int) string {
	r := d.Search.Results
	if len(r.Results) == 0 {
		return "No results. Broaden the query (fewer filters, context:global) or check its syntax."
	}
	shown := r.Results[:min(len(r.Results), count)]
	var b strings.Builder
	total := r.ApproximateResultCount
	if total == "" {
		total = fmt.Sprint(r.MatchCount)
	}
	fmt.Fprintf(&b, "%s matches; showing %d results.", total, len(shown))
	if r.LimitHit {
		b.WriteString(" (The result limit was hit: narrow the query to see others.)")
	}
	b.WriteString("\n")
	for _, res := range shown {
		b.WriteString("\n")
		switch res.Typename {
		case "FileMatch":
			writeFileMatch(&b, res, base, window)
		case "Repository":
			fmt.Fprintf(&b, "Repository %s %s\n", res.Name, absURL(base, res.URL))
			if res.Description != "" {
				fmt.Fprintf(&b, "  %s\n", res.Description)
			}
		default:
			fmt.Fprintf(&b, "%s %s %s\n", res.Typename, res.Label.Text, absURL(base, res.URL))
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// writeFileMatch renders one file: its header, then the matched lines
// with window lines of context, gaps marked "…".
func writeFileMatch(b *strings.Builder, res sgResult, base *url.URL, window int) {
	fmt.Fprintf(b, "%s › %s\n%s\n", res.Repository.Name, res.File.Path, absURL(base, res.File.URL))
	lines := strings.Split(strings.TrimSuffix(res.File.Content, "\n"), "\n")
	matched := map[int]bool{}
	var nums []int
	for _, m := range res.LineMatches {
		n := m.LineNumber + 1 // lineNumber is 0-based
		if !matched[n] {
			matched[n] = true
			nums = append(nums, n)
		}
	}
	slices.Sort(nums)
	if res.File.Content == "" { // no content: the previews only
		for _, m := range res.LineMatches {
			fmt.Fprintf(b, "> %6d| %s\n", m.LineNumber+1, clipLine(m.Preview))
		}
		return
	}
	last := 0
	for _, n := range nums {
		from, to := max(n-window, last+1), min(n+window, len(lines))
		if last > 0 && from > last+1 {
			b.WriteString("  …\n")
		}
		for i := from; i <= to; i++ {
			mark := " "
			if matched[i] {
				mark = ">"
			}
			fmt.Fprintf(b, "%s %6d| %s\n", mark, i, clipLine(lines[i-1]))
		}
		last = max(last, to)
	}
}

func clipLine(s string) string {
	s, cut := cutRunes(strings.TrimRight(s, "\r"), sgMaxLine)
	if cut {
		s += "…"
	}
	return s
}

// absURL makes a result's site-relative URL absolute on the instance.
func absURL(base *url.URL, ref string) string {
	if ref == "" {
		return ""
	}
	u, err := url.Parse(ref)
	if err != nil {
		return ref
	}
	root := &url.URL{Scheme: base.Scheme, Host: base.Host}
	return root.ResolveReference(u).String()
}
