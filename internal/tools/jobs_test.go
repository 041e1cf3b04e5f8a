package tools

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/honecode/hone/internal/shell"
)

// startJob runs a background bash command and returns the job id.
func startJob(t *testing.T, te *toolEnv, command string) string {
	t.Helper()
	res := te.run(t, "bash", jsonArgs{"command": command, "run_in_background": true})
	if res.IsError || res.Display.Kind != DisplayCommand {
		t.Fatalf("start job: %+v", res)
	}
	id := strings.Fields(strings.TrimPrefix(res.Content, "Started background job "))[0]
	if !strings.HasPrefix(id, "job-") {
		t.Fatalf("no job id in %q", res.Content)
	}
	return id
}

func TestJobOutputFollowsAJob(t *testing.T) {
	t.Parallel()
	te := shellEnv(t)
	id := startJob(t, te, "echo start; sleep 0.3; echo end; exit 4")
	res := te.run(t, "job_output", jsonArgs{"shell_id": id, "wait": true})
	if !strings.Contains(res.Content, "finished: exit code 4") || !strings.Contains(res.Content, "start\nend\n") {
		t.Errorf("job_output wait: %q", res.Content)
	}
	if res.Display.ExitCode != 4 {
		t.Errorf("display = %+v", res.Display)
	}
	if res := te.run(t, "job_output", jsonArgs{"shell_id": id}); !strings.Contains(res.Content, "(no new output)") {
		t.Errorf("second job_output: %q", res.Content)
	}
}

func TestJobOutputWhileRunning(t *testing.T) {
	t.Parallel()
	te := shellEnv(t)
	id := startJob(t, te, "echo ready; sleep 30")
	deadline := time.Now().Add(5 * time.Second)
	var out string
	for time.Now().Before(deadline) && !strings.Contains(out, "ready") {
		out += te.run(t, "job_output", jsonArgs{"shell_id": id}).Content
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(out, "running for") || !strings.Contains(out, "ready") {
		t.Errorf("job_output while running: %q", out)
	}
}

func TestJobKillStopsTheGroup(t *testing.T) {
	t.Parallel()
	te := shellEnv(t)
	id := startJob(t, te, "sleep 30 & echo $! > child; echo up; sleep 30")
	pid := readPID(t, filepath.Join(te.root, "child"))
	res := te.run(t, "job_kill", jsonArgs{"shell_id": id})
	if res.IsError || !strings.Contains(res.Content, "stopped") {
		t.Errorf("job_kill: %q", res.Content)
	}
	waitDead(t, pid)
	if res := te.run(t, "job_kill", jsonArgs{"shell_id": id}); !strings.Contains(res.Content, "had already finished") {
		t.Errorf("second job_kill: %q", res.Content)
	}
}

func TestJobsBelongToTheirSession(t *testing.T) {
	t.Parallel()
	te := shellEnv(t)
	id := startJob(t, te, "sleep 30")
	reg := NewRegistry(Builtins(te.Env)...)
	ctx := WithCall(t.Context(), CallContext{SessionID: "other"})
	res := reg.Run(ctx, Call{ID: "c", Name: "job_output", Input: []byte(`{"shell_id":"` + id + `"}`)})
	if !res.IsError || !strings.Contains(res.Content, "started none") {
		t.Errorf("other session's job_output: %q", res.Content)
	}
	res = te.run(t, "job_kill", jsonArgs{"shell_id": "job-99"})
	if !res.IsError || !strings.Contains(res.Content, id) {
		t.Errorf("unknown job: %q", res.Content)
	}
}

func TestJobManagerCloseKillsJobs(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	te.Jobs = NewJobManager()
	startJob(t, te, "sleep 30 & echo $! > child; sleep 30")
	pid := readPID(t, filepath.Join(te.root, "child"))
	te.Jobs.Close()
	waitDead(t, pid)
	res := te.run(t, "bash", jsonArgs{"command": "sleep 1", "run_in_background": true})
	if !res.IsError {
		t.Errorf("start after Close: %+v", res)
	}
}

func TestJobOutputWaitHonoursCancel(t *testing.T) {
	t.Parallel()
	te := shellEnv(t)
	id := startJob(t, te, "sleep 30")
	ctx, cancel := context.WithTimeout(WithCall(t.Context(), testCallContext), 200*time.Millisecond)
	defer cancel()
	began := time.Now()
	res := NewRegistry(Builtins(te.Env)...).Run(ctx, Call{ID: "c", Name: "job_output",
		Input: []byte(`{"shell_id":"` + id + `","wait":true}`)})
	if time.Since(began) > 5*time.Second || !strings.Contains(res.Content, "running for") {
		t.Errorf("job_output wait under a short ctx: %q after %s", res.Content, time.Since(began))
	}
}

func TestBackgroundWithoutJobManager(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	res := te.run(t, "bash", jsonArgs{"command": "sleep 1", "run_in_background": true})
	if !res.IsError || !strings.Contains(res.Content, "not available") {
		t.Errorf("result = %+v", res)
	}
}

func TestJobManagerForgetsOldFinishedJobs(t *testing.T) {
	t.Parallel()
	m := NewJobManager()
	t.Cleanup(m.Close)
	var last string
	for i := 0; i < maxKeptJobs+6; i++ {
		id, err := m.start("s", "true", shell.Spec{Script: "true", Dir: t.TempDir(), OutputLimit: 100, Grace: time.Second}, nil, func() {})
		if err != nil {
			t.Fatal(err)
		}
		j, _ := m.get("s", id)
		<-j.proc.Done()
		last = id
	}
	if n := len(m.ids("s")); n != maxKeptJobs {
		t.Errorf("kept %d jobs, want %d", n, maxKeptJobs)
	}
	if _, ok := m.get("s", "job-1"); ok {
		t.Error("the oldest job is still kept")
	}
	if _, ok := m.get("s", last); !ok {
		t.Error("the newest job was forgotten")
	}
}
