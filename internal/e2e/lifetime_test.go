package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// descendants lists the processes below pid (children, grandchildren …)
// from /proc.
func descendants(pid int) []int {
	parent := map[int]int{}
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		i := strings.LastIndexByte(string(stat), ')')
		if err != nil || i < 0 {
			continue
		}
		if f := strings.Fields(string(stat[i+1:])); len(f) > 1 && f[0] != "Z" {
			parent[p], _ = strconv.Atoi(f[1])
		}
	}
	var out []int
	for p := range parent {
		for a := parent[p]; a > 1; a = parent[a] {
			if a == pid {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// commandOf is the command line of pid ("" when it is gone).
func commandOf(pid int) string {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	return strings.ReplaceAll(strings.TrimRight(string(b), "\x00"), "\x00", " ")
}

// alive reports whether pid runs (not gone, not a zombie).
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	i := strings.LastIndexByte(string(stat), ')')
	return err == nil && i > 0 && !strings.HasPrefix(string(stat[i+1:]), " Z")
}

// killAndCheck kills hone with SIGKILL once want reports (by command line)
// that the processes under test run, then checks that none of hone's
// descendants outlives it by more than 2 s.
func killAndCheck(t *testing.T, p *proc, want func(cmds []string) bool) {
	t.Helper()
	pid := p.cmd.Process.Pid
	var kids []int
	p.waitFor("the processes under test", 30*time.Second, func() bool {
		kids = descendants(pid)
		cmds := make([]string, len(kids))
		for i, k := range kids {
			cmds[i] = commandOf(k)
		}
		return want(cmds)
	})
	t.Cleanup(func() {
		for _, k := range kids {
			_ = syscall.Kill(k, syscall.SIGKILL)
		}
	})
	p.signal(syscall.SIGKILL)
	p.wait()
	deadline := time.Now().Add(2 * time.Second)
	for _, k := range kids {
		for alive(k) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if alive(k) {
			t.Errorf("process %d (%s) outlived the killed hone by 2 s", k, commandOf(k))
		}
	}
}

func anyHas(cmds []string, sub string) bool {
	for _, c := range cmds {
		if strings.Contains(c, sub) {
			return true
		}
	}
	return false
}

// kill -9 during `sleep 999 & sleep 999`, with a background job running:
// the commands and their supervisor, hone-procs from hone's directory, all
// die with hone.
func TestKillNineLeavesNoBashProcess(t *testing.T) {
	t.Parallel()
	killDuringSleeps(t, newEnv(t), filepath.Join(filepath.Dir(honeBin), "hone-procs")+" __procs")
}

// Without hone-procs next to it, hone serves the supervisor itself, with
// the same guarantee.
func TestKillNineWithoutHoneProcs(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.bin = honeAlone(t)
	killDuringSleeps(t, e, e.bin+" __procs")
}

// killDuringSleeps kills hone once its bash commands and the supervisor
// named by its command line run, and checks that none outlives hone.
func killDuringSleeps(t *testing.T, e *env, supervisor string) {
	e.useFake(script{Turns: []any{
		turn(toolCall("c1", "bash", map[string]any{"command": "sleep 997", "run_in_background": true})),
		turn(toolCall("c2", "bash", map[string]any{"command": "sleep 998 & setsid sleep 996 & sleep 999"})),
	}})
	p := e.start(nil, "run", "--yolo", "sleep")
	killAndCheck(t, p, func(cmds []string) bool {
		return slices.Contains(cmds, supervisor) && anyHas(cmds, "sleep 997") && anyHas(cmds, "sleep 998") &&
			anyHas(cmds, "sleep 996") && anyHas(cmds, "sleep 999")
	})
}

// kill -9 during a call to a stdio MCP server.
func TestKillNineDuringMCPCall(t *testing.T) {
	t.Parallel()
	server := lookPath(t, "mcp-server-everything")
	e := newEnv(t)
	e.useFake(script{Turns: []any{
		turn(toolCall("c1", "mcp_every_trigger-long-running-operation", map[string]any{"duration": 60, "steps": 60})),
	}})
	cfg := e.readConfig()
	cfg["mcp"] = map[string]any{"every": map[string]any{"command": server, "args": []string{"stdio"}, "call_timeout": 120}}
	e.useConfig(cfg)
	p := e.start(nil, "run", "--yolo", "call it")
	killAndCheck(t, p, func(cmds []string) bool { return anyHas(cmds, "mcp-server-everything") })
}

// kill -9 with gopls running for a Go file the model viewed.
func TestKillNineWithGopls(t *testing.T) {
	t.Parallel()
	lookPath(t, "gopls")
	e := newEnv(t)
	e.writeProjectFile("go.mod", "module example.com/m\n\ngo 1.22\n")
	e.writeProjectFile("main.go", "package main\n\nfunc main() {}\n")
	e.useFake(script{Turns: []any{
		turn(toolCall("c1", "view", map[string]any{"file_path": "main.go"})),
		turn(toolCall("c2", "bash", map[string]any{"command": "sleep 995"})),
	}})
	p := e.start(nil, "run", "--yolo", "look")
	killAndCheck(t, p, func(cmds []string) bool { return anyHas(cmds, "gopls") && anyHas(cmds, "sleep 995") })
}

// lookPath finds a program a test needs: required in CI, else optional.
func lookPath(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s not on PATH; CI must install it", name)
	}
	t.Skipf("%s not installed", name)
	return ""
}

// readConfig returns the current --config file's content.
func (e *env) readConfig() map[string]any {
	e.t.Helper()
	var cfg map[string]any
	b, err := os.ReadFile(e.config)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := json.Unmarshal(b, &cfg); err != nil {
		e.t.Fatal(err)
	}
	return cfg
}
