package llmtest

import (
	"math/rand/v2"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/honecode/hone/internal/llm"
)

// numScreenshots is how many screenshots a turn of BenchToolStepsImages
// carries.
const numScreenshots = 3

// screenshotSize is the size in bytes of screenshot i: 90, 150 and 210
// KB, 120, 200 and 280 KB once in base64.
func screenshotSize(i int) int { return (90 + 60*i) << 10 }

// BenchToolStepsImages measures the steps of a tool loop whose history
// carries screenshots: the turns of BenchToolSteps, but the results of
// steps 1, 4 and 7 each hold an image (90, 150 and 210 KB of incompressible
// bytes), so the last two steps of a turn send three. ns/op is the request's
// way out and the short answer's way back; ns/warm-step-3img is the mean of
// the steps whose history holds all three images.
func BenchToolStepsImages(b *testing.B, answer []byte, model string, newProvider func(baseURL string, hc *http.Client) llm.Provider) {
	b.Helper()
	var bodyBytes int
	p := benchProvider(b, answer, &bodyBytes, newProvider)
	system, tools, shots := benchSystem(), benchTools(), screenshots()
	var warm time.Duration
	var nWarm int
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		step := i % benchTurnSteps
		req := &llm.Request{Model: model, System: system, Tools: tools, MaxTokens: 4096,
			Messages: imageHistory(i/benchTurnSteps, step, shots)}
		start := time.Now()
		for _, err := range p.Stream(b.Context(), req) {
			if err != nil {
				b.Fatal(err)
			}
		}
		if imagesBefore(step) == len(shots) {
			warm += time.Since(start)
			nWarm++
		}
	}
	b.ReportMetric(float64(bodyBytes), "last-body-B")
	if nWarm > 0 {
		b.ReportMetric(float64(warm.Nanoseconds())/float64(nWarm), "ns/warm-step-3img")
	}
}

// screenshots are the images of BenchToolStepsImages: pseudo-random
// bytes, which base64 and JSON treat as they treat a real PNG.
func screenshots() [][]byte {
	out := make([][]byte, numScreenshots)
	for i := range out {
		out[i] = make([]byte, screenshotSize(i))
		_, _ = rand.NewChaCha8([32]byte{byte(i)}).Read(out[i])
	}
	return out
}

// imageStep reports which screenshot the result of step s carries, if
// any: steps 1, 4 and 7.
func imageStep(s int) (int, bool) {
	return s / 3, s%3 == 1 && s/3 < numScreenshots
}

// imagesBefore is how many screenshots the history of step holds.
func imagesBefore(step int) int {
	n := 0
	for s := range step {
		if _, ok := imageStep(s); ok {
			n++
		}
	}
	return n
}

// imageHistory is benchHistory(turn, step) with a screenshot in the
// results of the steps imageStep names.
func imageHistory(turn, step int, shots [][]byte) []llm.Message {
	msgs := benchHistory(turn, step)
	for s := range step {
		k, ok := imageStep(s)
		if !ok {
			continue
		}
		id := "call_" + strconv.Itoa(turn) + "_" + strconv.Itoa(s)
		res := llm.ToolResult(id, "tool_3", "Screenshot of the page after step "+strconv.Itoa(s)+".", false)
		res.MediaType, res.Data = "image/png", shots[k]
		msgs[2+2*s].Parts = []llm.Part{res}
	}
	return msgs
}
