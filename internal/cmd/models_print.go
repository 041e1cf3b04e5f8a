package cmd

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/honecode/hone/internal/config"
)

// printModels writes one section per provider: a status line, then a
// table of its models.
func printModels(w io.Writer, providers []config.ResolvedProvider, res *config.Resolved) error {
	roles := roleMarks(res)
	for i, p := range providers {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s (%s) %s\n", p.Name, p.Type, providerStatus(p))
		if len(p.Models) == 0 {
			fmt.Fprintln(w, "  no models listed; name one in models.large as "+p.Name+"/MODEL")
			continue
		}
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "  MODEL\tROLE\tCONTEXT\tOUT\t$IN/M\t$OUT/M\t$CACHE R/W\tIMAGES\tREASONING")
		for _, m := range p.Models {
			id := m.ID
			if m.Installed {
				id += " (installed)"
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", id, roles[p.Name+"/"+m.ID],
				tokens(m.ContextWindow), tokens(m.MaxTokens), price(m.Prices.Input), price(m.Prices.Output),
				price(m.Prices.CacheRead)+"/"+price(m.Prices.CacheWrite), yesNo(m.SupportsImages), yesNo(m.SupportsReasoning))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// providerStatus says whether the provider is usable and why (never the key).
func providerStatus(p config.ResolvedProvider) string {
	if !p.Usable {
		return "— not usable: " + p.Reason
	}
	switch {
	case p.APIKey != "" && p.KeyEnv != "" && !p.Configured:
		return "— usable (key from " + p.KeyEnv + ")"
	case p.Configured:
		return "— usable (configured)"
	}
	return "— usable"
}

// roleMarks maps "provider/model" to the roles it serves ("large,small").
func roleMarks(res *config.Resolved) map[string]string {
	out := map[string]string{}
	add := func(cs []config.Candidate, role string) {
		for _, c := range cs {
			if out[c.Ref()] != "" {
				out[c.Ref()] += ","
			}
			out[c.Ref()] += role
		}
	}
	add(res.Large, "large")
	add(res.Small, "small")
	return out
}

// tokens formats a token count: 8192 → 8k, 200000 → 200k, 1048576 → 1M,
// 2000000 → 2M, 1500000 → 1.5M.
func tokens(n int) string {
	switch {
	case n >= 1_000_000:
		return strings.TrimSuffix(strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64), ".0") + "M"
	case n >= 1000:
		return strconv.Itoa(n/1000) + "k"
	}
	return strconv.Itoa(n)
}

// price formats dollars per million tokens; "-" for none.
func price(p float64) string {
	if p == 0 {
		return "-"
	}
	return strconv.FormatFloat(p, 'f', -1, 64)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
