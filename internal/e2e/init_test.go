package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// offRunPath are packages that must not initialize when hone version or
// hone run starts: nothing on those paths uses them, and their
// initialization (profiling endpoints, metrics registries, the
// interface's libraries, whose highlighter alone parses 250 lexer
// definitions; the OTel SDK) would be paid by every command. The
// interface, `hone mcp serve` and the OpenTelemetry exporter live in
// hone-full for this reason (cmd.Frontends), and the Gemini client in
// hone-gemini.
// docs/performance.md lists what still initializes and why.
var offRunPath = []string{
	"net/http/pprof",
	"expvar",
	"github.com/prometheus/",
	"github.com/charmbracelet/bubbletea", // Bubble Tea v1; the TUI uses v2
	"charm.land/",                        // Bubble Tea, Lip Gloss, Bubbles, Glamour v2
	"github.com/alecthomas/chroma/",
	"github.com/yuin/goldmark",
	"github.com/microcosm-cc/bluemonday",
	"github.com/gorilla/css/",
	"github.com/atotto/clipboard",
	"github.com/honecode/hone/internal/tui",
	"go.opentelemetry.io/otel/sdk",        // the OTel SDK: in hone-full (cmd.Frontends.Telemetry)
	"go.opentelemetry.io/otel/exporters/", // its OTLP exporters
	"github.com/honecode/hone/internal/telemetry",
	"google.golang.org/genai",  // Gemini: in hone-gemini (internal/llm/remote)
	"cloud.google.com/go/",     // genai's Google Cloud auth
	"google.golang.org/grpc",   // brought by that auth
	"github.com/google/s2a-go", // the same
	"github.com/google/go-cmp", // genai's replay client
	"github.com/honecode/hone/internal/llm/gemini",
}

// ownInitAllocs is the most allocations one of Hone's own packages may
// make at initialization: package variables are constants or built on
// first use (sync.OnceValue). internal/tools registers its built-in tools
// in init by design (one small constructor per tool).
func ownInitAllocs(pkg string) int {
	if pkg == "github.com/honecode/hone/internal/tools" {
		return 64
	}
	return 4
}

// TestRunPathInit reads GODEBUG=inittrace=1 of hone version and hone run:
// no package of offRunPath initializes, and Hone's own packages do next
// to nothing at init. Only packages and allocation counts are checked,
// never times.
func TestRunPathInit(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{"ok"}})
	e.extra = append(e.extra, "GODEBUG=inittrace=1")
	for _, args := range [][]string{{"version"}, {"run", "say ok"}} {
		r := e.mustRun(0, args...)
		inits := parseInitTrace(r.stderr)
		if len(inits) < 50 {
			t.Fatalf("hone %s: only %d init lines in stderr:\n%.2000s", args[0], len(inits), r.stderr)
		}
		for _, in := range inits {
			for _, p := range offRunPath {
				if strings.HasPrefix(in.pkg, p) {
					t.Errorf("hone %s initializes %s (%d allocs)", args[0], in.pkg, in.allocs)
				}
			}
			if strings.HasPrefix(in.pkg, "github.com/honecode/hone") && in.allocs > ownInitAllocs(in.pkg) {
				t.Errorf("hone %s: %s makes %d allocations at init (at most %d)", args[0], in.pkg, in.allocs, ownInitAllocs(in.pkg))
			}
		}
	}
}

// initLine is one line of GODEBUG=inittrace=1.
type initLine struct {
	pkg    string
	allocs int
}

// parseInitTrace reads lines such as
// "init regexp @0.5 ms, 0.01 ms clock, 0 bytes, 0 allocs".
func parseInitTrace(stderr string) []initLine {
	var out []initLine
	for _, line := range strings.Split(stderr, "\n") {
		f := strings.Fields(line)
		if len(f) < 10 || f[0] != "init" || !strings.HasPrefix(f[2], "@") {
			continue
		}
		var in initLine
		in.pkg = f[1]
		if _, err := fmt.Sscan(f[len(f)-2], &in.allocs); err != nil {
			continue
		}
		out = append(out, in)
	}
	return out
}
