package mcp_test

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/mcp"
	"github.com/honecode/hone/internal/permission"

	"github.com/honecode/hone/internal/testenv"
)

// everything is the reference test server of the MCP project, over stdio.
func everything(t *testing.T) config.MCPServer {
	return config.MCPServer{Command: testenv.LookPath(t, "mcp-server-everything"), Args: []string{"stdio"}}
}

func TestStdioListAndCall(t *testing.T) {
	t.Parallel()
	f := start(t, map[string]config.MCPServer{"every": everything(t)})
	st := f.connected(t, "every")
	for _, name := range []string{"mcp_every_echo", "mcp_every_get-sum", "mcp_every_get-tiny-image"} {
		if !slices.Contains(st.Tools, name) {
			t.Errorf("tools %v lack %s", st.Tools, name)
		}
		if _, ok := f.reg.Get(name); !ok {
			t.Errorf("%s not registered", name)
		}
	}
	tl, _ := f.reg.Get("mcp_every_get-sum")
	contains(t, string(tl.Info().Schema), `"required":["a","b"]`)

	res := f.run(t, "mcp_every_get-sum", `{"a": 2, "b": 40}`)
	if res.IsError {
		t.Fatalf("get-sum: %s", res.Content)
	}
	contains(t, res.Content, "42")
	res = f.run(t, "mcp_every_echo", `{"message": "hello from hone"}`)
	contains(t, res.Content, "hello from hone")

	reqs := f.perm.requests()
	if len(reqs) != 2 {
		t.Fatalf("permission requests: %+v", reqs)
	}
	if r := reqs[0]; r.ToolName != "mcp_every_get-sum" || r.Action != permission.ActionExecute || r.SessionID != "s1" || r.CallID != "c1" {
		t.Errorf("request %+v", r)
	}
	contains(t, f.m.Instructions(), `## MCP server "every"`)
}

func TestStdioImageResult(t *testing.T) {
	t.Parallel()
	f := start(t, map[string]config.MCPServer{"every": everything(t)})
	res := f.run(t, "mcp_every_get-tiny-image", `{}`)
	if res.IsError || len(res.Images) != 1 {
		t.Fatalf("result %+v", res)
	}
	img := res.Images[0]
	if img.MediaType != "image/png" || !bytes.HasPrefix(img.Data, []byte("\x89PNG")) {
		t.Errorf("image %s, %d bytes", img.MediaType, len(img.Data))
	}
	contains(t, res.Content, "[image attached: image/png")
}

func TestStdioCallTimeout(t *testing.T) {
	t.Parallel()
	srv := everything(t)
	srv.CallTimeout = 1
	f := start(t, map[string]config.MCPServer{"every": srv})
	res := f.run(t, "mcp_every_trigger-long-running-operation", `{"duration": 5, "steps": 5}`)
	if !res.IsError {
		t.Fatalf("want a timeout error, got %q", res.Content)
	}
	contains(t, res.Content, "timed out after 1s")
	// The server is still usable.
	res = f.run(t, "mcp_every_echo", `{"message": "still here"}`)
	contains(t, res.Content, "still here")
	f.connected(t, "every")
}

func TestStdioCancel(t *testing.T) {
	t.Parallel()
	f := start(t, map[string]config.MCPServer{"every": everything(t)})
	f.perm.asked = make(chan permission.Request, 1)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan string)
	begin := time.Now()
	go func() {
		res := f.reg.Run(ctx, toolCall("mcp_every_trigger-long-running-operation", `{"duration": 30, "steps": 3}`))
		done <- res.Content
	}()
	<-f.perm.asked
	time.Sleep(300 * time.Millisecond) // the call is now with the server
	cancel()
	if got := <-done; got != "mcp_every_trigger-long-running-operation was cancelled" {
		t.Errorf("result %q", got)
	}
	if d := time.Since(begin); d > 10*time.Second {
		t.Errorf("cancel took %s", d)
	}
	f.perm.asked = nil
	contains(t, f.run(t, "mcp_every_echo", `{"message": "after cancel"}`).Content, "after cancel")
}

func TestStdioDenied(t *testing.T) {
	t.Parallel()
	f := start(t, map[string]config.MCPServer{"every": everything(t)})
	f.perm.deny = &permission.DeniedError{Tool: "mcp_every_echo", Feedback: "not now"}
	res := f.run(t, "mcp_every_echo", `{"message": "x"}`)
	if !res.Denied || !res.IsError {
		t.Fatalf("result %+v", res)
	}
	contains(t, res.Content, "not now")
}

// A server killed mid-session is reported at once and restarted by the
// next call of one of its tools.
func TestStdioServerKilled(t *testing.T) {
	t.Parallel()
	f := start(t, map[string]config.MCPServer{"every": everything(t)})
	events := f.m.Subscribe(t.Context())
	pid := f.m.PIDs()["every"]
	if pid == 0 {
		t.Fatal("no pid")
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	st := waitState(t, events, "every", mcp.StateFailed)
	contains(t, st.Error, "killed")
	gone(t, pid)
	if _, ok := f.reg.Get("mcp_every_echo"); !ok {
		t.Fatal("tools of an exited server must stay registered for the restart")
	}

	res := f.run(t, "mcp_every_echo", `{"message": "back again"}`)
	if res.IsError {
		t.Fatalf("call after kill: %s", res.Content)
	}
	contains(t, res.Content, "back again")
	f.connected(t, "every")
	if next := f.m.PIDs()["every"]; next == 0 || next == pid {
		t.Errorf("pid after restart %d (was %d)", next, pid)
	}
}

// No server process, nor any process of its group, outlives Close.
func TestCloseLeavesNoProcess(t *testing.T) {
	t.Parallel()
	fs := config.MCPServer{Command: testenv.LookPath(t, "mcp-server-filesystem"), Args: []string{t.TempDir()}}
	f := start(t, map[string]config.MCPServer{"every": everything(t), "fs": fs})
	f.connected(t, "every")
	f.connected(t, "fs")
	pids := f.m.PIDs()
	if len(pids) != 2 {
		t.Fatalf("pids %v", pids)
	}
	if err := f.m.Close(); err != nil {
		t.Fatal(err)
	}
	for _, pid := range pids {
		gone(t, pid)
	}
	if names := f.reg.Names(); len(names) != 0 {
		t.Errorf("tools left after Close: %v", names)
	}
}

func TestFilesystemServerAndFilters(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, dir+"/notes.txt", "remember the milk\n")
	fs := config.MCPServer{
		Command:       testenv.LookPath(t, "mcp-server-filesystem"),
		Args:          []string{dir},
		EnabledTools:  []string{"read_*", "list_directory"},
		DisabledTools: []string{"read_media_file"},
	}
	f := start(t, map[string]config.MCPServer{"fs": fs})
	st := f.connected(t, "fs")
	for _, name := range st.Tools {
		if !strings.HasPrefix(name, "mcp_fs_read_") && name != "mcp_fs_list_directory" || name == "mcp_fs_read_media_file" {
			t.Errorf("filtered tool %s registered", name)
		}
	}
	res := f.run(t, "mcp_fs_read_text_file", `{"path": "`+dir+`/notes.txt"}`)
	contains(t, res.Content, "remember the milk")
	res = f.run(t, "mcp_fs_list_directory", `{"path": "`+dir+`"}`)
	contains(t, res.Content, "notes.txt")
	res = f.run(t, "mcp_fs_read_text_file", `{"path": "/etc/passwd"}`)
	if !res.IsError {
		t.Errorf("read outside the allowed dir: %q", res.Content)
	}
}

func TestStartFailures(t *testing.T) {
	t.Parallel()
	f := start(t, map[string]config.MCPServer{
		"missing":  {Command: "hone-no-such-mcp-server"},
		"crashing": {Command: "sh", Args: []string{"-c", "echo cannot open database >&2; exit 3"}},
		"silent":   {Command: "sleep", Args: []string{"600"}, Timeout: 1},
		"off":      {Command: "sleep", Args: []string{"600"}, Disabled: true},
		"nocmd":    {},
	})
	for name, want := range map[string]string{
		"missing":  "executable file not found",
		"crashing": "exit status 3: cannot open database",
		"silent":   "no answer within the start timeout (1s)",
		"nocmd":    "no command configured",
	} {
		st := f.status(t, name)
		if st.State != mcp.StateFailed {
			t.Errorf("%s: state %s", name, st.State)
		}
		contains(t, st.Error, want)
	}
	if st := f.status(t, "off"); st.State != mcp.StateDisabled {
		t.Errorf("off: %+v", st)
	}
	if pids := f.m.PIDs(); len(pids) != 0 {
		t.Errorf("processes of failed servers: %v", pids)
	}
	if names := f.reg.Names(); len(names) != 0 {
		t.Errorf("tools of failed servers: %v", names)
	}
}

func TestWaitReadyBeforeStart(t *testing.T) {
	t.Parallel()
	m := mcp.New(mcp.Options{})
	if err := m.WaitReady(t.Context()); err != mcp.ErrNotStarted {
		t.Errorf("WaitReady before Start: %v", err)
	}
	if err := m.Close(); err != nil {
		t.Error(err)
	}
}
