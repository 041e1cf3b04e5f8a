package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/honecode/hone/internal/db"
	"github.com/honecode/hone/internal/session/sessiongen"
)

// BenchmarkLargeSession measures a 10,000-message session (sessiongen's
// mix: prompts, answers, bash calls with results of a few KiB, some of
// 60 KB, a summary every ~120k tokens) through the binary:
//
//	show:   `hone sessions show ID` to a pipe read and thrown away (like
//	        `curl -o /dev/null`), start to exit
//	resume: `hone run -s ID "…"`, start to the first model request
//	new:    `hone run "…"` (a new session), the same: resume's floor
//
// with the process's peak RSS, and for resume the request's size.
func BenchmarkLargeSession(b *testing.B) {
	e := newEnv(b)
	benchProject(b, e)
	srv := newChatServer(b, func(int, *chatRequest) reply { return reply{text: "ok"} })
	e.useConfig(withoutTitles(serverConfig(srv.URL())))
	e.mustRun(0, "run", "warm up")
	<-srv.arrived
	gen := largeSession(b, e, sessiongen.Spec{Messages: 10_000})
	b.Run("show", func(b *testing.B) { benchProcess(b, e, "sessions", "show", gen.SessionID) })
	b.Run("resume", func(b *testing.B) {
		e.measureRSS(b)
		var first, rss, size samples
		for b.Loop() {
			p := e.start(nil, "run", "-s", gen.SessionID, "say ok")
			req := <-srv.arrived
			r := p.wait() // p.started is hone's start from here on
			first.addDuration(req.At.Sub(p.started))
			if r.code != 0 {
				b.Fatalf("hone run -s: %s", r)
			}
			rss.addBytes(r.maxRSS)
			size.addBytes(int64(req.Size))
		}
		first.report(b, "", "ms")
		rss.report(b, "rss-", "MiB")
		size.report(b, "req-", "MiB")
	})
	// The floor of resume in the same run: a new session's first request
	// over the same database.
	b.Run("new", func(b *testing.B) {
		var first samples
		for b.Loop() {
			p := e.start(nil, "run", "say ok")
			req := <-srv.arrived
			r := p.wait() // p.started is hone's start from here on
			first.addDuration(req.At.Sub(p.started))
			if r.code != 0 {
				b.Fatalf("hone run: %s", r)
			}
		}
		first.report(b, "", "ms")
	})
}

// largeSession generates a session shaped by spec in the env's database
// (in the project, so `run -s` resumes it). It runs in a child process
// (this test binary, TestGenerateSessionHelper): a process's peak RSS
// starts from its parent's at fork, so the generator's memory must not
// be the benchmark's.
func largeSession(t testing.TB, e *env, spec sessiongen.Spec) sessiongen.Result {
	t.Helper()
	project, err := filepath.EvalSymlinks(e.project)
	if err != nil {
		t.Fatal(err)
	}
	spec.ProjectDir = project
	js, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestGenerateSessionHelper$")
	cmd.Env = append(os.Environ(), "HONE_E2E_BIN="+honeBin, "HONE_GEN_DB="+filepath.Join(e.data, db.FileName),
		"HONE_GEN_SPEC="+string(js))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("generate session: %v\n%s", err, out)
	}
	var res sessiongen.Result
	line := out[bytes.LastIndex(out, []byte(genPrefix))+len(genPrefix):]
	if err := json.Unmarshal(line[:bytes.IndexByte(line, '\n')], &res); err != nil {
		t.Fatalf("generate session: %v\n%s", err, out)
	}
	return res
}

// genPrefix starts the helper's line of result.
const genPrefix = "sessiongen: "

// TestGenerateSessionHelper is largeSession's child process; it does
// nothing in a normal test run.
func TestGenerateSessionHelper(t *testing.T) {
	path := os.Getenv("HONE_GEN_DB")
	if path == "" {
		t.Skip("only run by largeSession")
	}
	var spec sessiongen.Spec
	if err := json.Unmarshal([]byte(os.Getenv("HONE_GEN_SPEC")), &spec); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	sqldb, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer sqldb.Close()
	res, err := sessiongen.Generate(ctx, sqldb, spec)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res)
	fmt.Printf("%s%s\n", genPrefix, b)
}
