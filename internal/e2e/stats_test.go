package e2e

import (
	"slices"
	"testing"
	"time"
)

// samples collects one measurement per benchmark iteration and reports
// its distribution, since the mean of process start-ups hides the tail.
type samples []float64

func (s *samples) addDuration(d time.Duration) { *s = append(*s, float64(d)/float64(time.Millisecond)) }

func (s *samples) addBytes(n int64) { *s = append(*s, float64(n)/(1<<20)) }

// quantile is the q-quantile (0..1) by the nearest-rank method.
func (s samples) quantile(q float64) float64 {
	if len(s) == 0 {
		return 0
	}
	sorted := slices.Clone(s)
	slices.Sort(sorted)
	i := int(q*float64(len(sorted))+0.5) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

// report adds the median, 90th percentile and maximum as metrics named
// prefix+"p50-"+unit and so on.
func (s samples) report(b *testing.B, prefix, unit string) {
	if len(s) == 0 {
		return
	}
	b.ReportMetric(s.quantile(0.5), prefix+"p50-"+unit)
	b.ReportMetric(s.quantile(0.9), prefix+"p90-"+unit)
	b.ReportMetric(slices.Max(s), prefix+"max-"+unit)
}

func TestSamplesQuantile(t *testing.T) {
	t.Parallel()
	s := samples{5, 1, 4, 2, 3, 10, 6, 7, 9, 8}
	for q, want := range map[float64]float64{0.5: 5, 0.9: 9, 1: 10, 0: 1} {
		if got := s.quantile(q); got != want {
			t.Errorf("quantile(%v) = %v, want %v", q, got, want)
		}
	}
	if got := (samples{}).quantile(0.5); got != 0 {
		t.Errorf("empty quantile = %v", got)
	}
}
