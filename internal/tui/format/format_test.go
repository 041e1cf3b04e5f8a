package format

import (
	"testing"
	"time"
)

func TestFormat(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		Ago(10 * time.Second): "just now",
		Ago(5 * time.Minute):  "5m ago",
		Ago(3 * time.Hour):    "3h ago",
		Ago(72 * time.Hour):   "3d ago",
		Tokens(950):           "950",
		Tokens(12_345):        "12.3k",
		Tokens(1_200_000):     "1.2M",
		Cost(0):               "$0.00",
		Cost(0.0042):          "$0.004",
		Cost(12.345):          "$12.35",
	}
	for got, want := range cases {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}
