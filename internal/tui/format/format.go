// Package format writes numbers and times the way the TUI shows them:
// compact token counts, costs and ages.
package format

import (
	"fmt"
	"time"
)

// Ago formats an age: "just now", "5m ago", "3h ago", "2d ago".
func Ago(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%dm ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh ago", int(d.Hours()))
	}
	return fmt.Sprintf("%dd ago", int(d.Hours()/24))
}

// Tokens formats a token count compactly: 950, 12.3k, 200k, 1.2M.
func Tokens(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprint(n)
	case n < 100_000:
		return fmt.Sprintf("%.1fk", float64(n)/1000)
	case n < 1_000_000:
		return fmt.Sprintf("%dk", n/1000)
	}
	return fmt.Sprintf("%.1fM", float64(n)/1_000_000)
}

// Cost formats US dollars: "$0.00", "$0.042" below a cent, "$12.35".
func Cost(usd float64) string {
	if usd > 0 && usd < 0.01 {
		return fmt.Sprintf("$%.3f", usd)
	}
	return fmt.Sprintf("$%.2f", usd)
}
