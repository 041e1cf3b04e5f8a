package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The targets of the developers' guide and of issue 19, measured on the
// real binary (docs/performance.md has the table). They are benchmarks,
// never assertions: read the p50/p90/max metrics.
//
//	hone version                             ≤ 2× a Go hello-world (BenchmarkVersionVsHello)
//	hone run: process start → first request  ≤ 30 ms
//	one-tool turn                            ≤ 40 MiB peak RSS
//	tool result → next model request         ≤ 1 ms

// BenchmarkVersion runs `hone version`: the floor every command pays
// (process start, runtime and package initialisation, flag parsing).
func BenchmarkVersion(b *testing.B) {
	benchProcess(b, newEnv(b), "version")
}

// benchProcess runs hone with args once per iteration and reports the
// wall time from start to exit (ms) and the peak RSS (rss-…MiB). Its
// standard output is a pipe read and thrown away (startDiscard).
func benchProcess(b *testing.B, e *env, args ...string) {
	e.measureRSS(b)
	var wall, rss samples
	for b.Loop() {
		p := e.startDiscard(args...)
		r := p.wait()
		wall.addDuration(r.wall)
		if r.code != 0 {
			b.Fatalf("hone %s: %s", strings.Join(args, " "), r)
		}
		rss.addBytes(r.maxRSS)
	}
	wall.report(b, "", "ms")
	rss.report(b, "rss-", "MiB")
}

// BenchmarkRunFirstRequest measures `hone run` from process start to the
// moment a local Chat Completions server receives the first model
// request: config, database, permissions, tools, system prompt and the
// HTTP request. existing-db reuses one data directory (the common case);
// new-db starts each run with an empty one (database created, migrations);
// git-repo is existing-db in a git repository, where the system prompt's
// git status (a sandboxed process, through the supervisor) runs first.
func BenchmarkRunFirstRequest(b *testing.B) {
	for _, c := range []struct {
		name        string
		fresh, repo bool
	}{{"existing-db", false, false}, {"new-db", true, false}, {"git-repo", false, true}} {
		fresh := c.fresh
		b.Run(c.name, func(b *testing.B) {
			e := newEnv(b)
			benchProject(b, e)
			if c.repo {
				initRepo(b, e.project)
			}
			srv := newChatServer(b, func(int, *chatRequest) reply { return reply{text: "ok"} })
			e.useConfig(withoutTitles(serverConfig(srv.URL())))
			if !fresh {
				e.mustRun(0, "run", "warm up")
				<-srv.arrived
			}
			var first samples
			i := 0
			for b.Loop() {
				if fresh {
					i++
					e.data = filepath.Join(e.dir, "data-"+strconv.Itoa(i))
				}
				p := e.start(nil, "run", "say ok")
				req := <-srv.arrived
				first.addDuration(req.At.Sub(p.started))
				if r := p.wait(); r.code != 0 {
					b.Fatalf("hone run: %s", r)
				}
			}
			first.report(b, "", "ms")
		})
	}
	b.Run("gemini", benchGeminiFirstRequest)
}

// benchGeminiFirstRequest is the existing-db case with a Gemini provider:
// hone starts hone-gemini, which initializes genai while hone prepares
// the turn, and the request goes out through hone.
func benchGeminiFirstRequest(b *testing.B) {
	e := newEnv(b)
	benchProject(b, e)
	srv := geminiServer(b, "ok", false)
	e.useGemini(srv.URL)
	e.mustRun(0, "run", "warm up")
	<-srv.arrived
	var first samples
	for b.Loop() {
		p := e.start(nil, "run", "say ok")
		at := <-srv.arrived
		first.addDuration(at.Sub(p.started))
		if r := p.wait(); r.code != 0 {
			b.Fatalf("hone run: %s", r)
		}
	}
	first.report(b, "", "ms")
}

// BenchmarkOneToolTurn runs a whole turn with one tool call (the model
// asks for glob, then answers) and reports the process's peak RSS, the
// turn's wall time, and the gap between the end of the response that
// asked for the tool and the arrival of the next request. That gap holds
// the end of the stream, persisting the step, running glob (well under a
// millisecond on this project), persisting its result and building and
// sending the next request: an upper bound of "tool result → next request".
// (glob, not view: viewing a .go file starts gopls when it is installed,
// which is a language-server cost, not the loop's.)
func BenchmarkOneToolTurn(b *testing.B) {
	e := newEnv(b)
	benchProject(b, e)
	srv := newChatServer(b, func(_ int, req *chatRequest) reply {
		msgs := req.Body.Messages
		if msgs[len(msgs)-1].Role == "tool" {
			return reply{text: "There are three Go files."}
		}
		return reply{text: "Let me look.", calls: []call{{id: "call_glob", name: "glob", args: `{"pattern":"**/*.go"}`}}}
	})
	e.useConfig(withoutTitles(serverConfig(srv.URL())))
	e.mustRun(0, "run", "warm up")
	e.measureRSS(b)
	var turn, gap, rss samples
	for b.Loop() {
		p := e.start(nil, "run", "list the go files")
		r := p.wait()
		turn.addDuration(r.wall)
		if r.code != 0 {
			b.Fatalf("hone run: %s", r)
		}
		rss.addBytes(r.maxRSS)
		mains := srv.MainRequests()
		last := mains[len(mains)-2:]
		gap.addDuration(last[1].At.Sub(last[0].Done))
	}
	rss.report(b, "rss-", "MiB")
	gap.report(b, "gap-", "ms")
	turn.report(b, "turn-", "ms")
}

// benchProject fills the project with a few files, as a small repository.
func benchProject(b *testing.B, e *env) {
	b.Helper()
	for _, name := range []string{"go.mod", "main.go", "internal/a/a.go", "internal/b/b.go", "README.md"} {
		path := e.projectFile(name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("// "+name+"\n"), 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

// withoutTitles turns off title generation, whose side request would
// race the measured ones.
func withoutTitles(cfg map[string]any) map[string]any {
	cfg["options"] = map[string]any{"disable_titles": true}
	return cfg
}
