package acp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/honecode/hone/internal/acp"
	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/app/acpbackend"
)

// env is one isolated Hone installation (home, data directory, config
// with a scripted model) and a project directory.
type env struct {
	t       *testing.T
	home    string
	data    string
	project string
	config  string
}

// newEnv writes a config whose only model answers the given turns
// (docs/fake-script.md).
func newEnv(t *testing.T, turns ...any) *env {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, home: filepath.Join(dir, "home"), data: filepath.Join(dir, "data"), project: filepath.Join(dir, "project")}
	for _, d := range []string{e.home, e.project} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	e.config = filepath.Join(dir, "hone.json")
	writeJSON(t, filepath.Join(dir, "script.json"), map[string]any{"turns": turns, "fallback": "Nothing more is scripted."})
	writeJSON(t, e.config, map[string]any{
		"providers": map[string]any{"fake": map[string]any{"type": "fake", "script": "script.json",
			"models": []any{map[string]any{"id": "scripted", "name": "Scripted", "context_window": 200000}}}},
		"models": map[string]any{"large": []string{"fake/scripted"}, "small": []string{"fake/scripted"}},
	})
	return e
}

func writeJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func (e *env) appOptions() app.Options {
	return app.Options{DataDir: e.data, ConfigFile: e.config, Getenv: func(k string) string {
		if k == "HOME" {
			return e.home
		}
		return ""
	}}
}

// connect starts `hone acp` in-process and connects the Go SDK's client
// side to it; the connection ends with the test.
func (e *env) connect(c *testClient) *sdk.ClientSideConnection {
	e.t.Helper()
	toAgent, fromClient := io.Pipe()
	toClient, fromAgent := io.Pipe()
	ctx, cancel := context.WithCancel(e.t.Context())
	served := make(chan error, 1)
	go func() {
		served <- acp.Serve(ctx, acp.Options{Open: acpbackend.Opener(e.appOptions()), Version: "test"}, toAgent, fromAgent)
		fromAgent.Close()
	}()
	conn := sdk.NewClientSideConnection(c, fromClient, io.TeeReader(toClient, &wireLog{c: c}))
	conn.SetLogger(slog.New(slog.DiscardHandler))
	e.t.Cleanup(func() {
		cancel()
		fromClient.Close()
		if err := <-served; err != nil {
			e.t.Errorf("serve: %v", err)
		}
	})
	return conn
}

// testClient is an editor: it records updates, answers permission
// requests with answer, and holds unsaved buffers by path.
type testClient struct {
	answer string // option id to pick; "" cancels

	mu       sync.Mutex
	log      []string // update kinds and permission requests, in wire order
	updates  []sdk.SessionNotification
	asked    []sdk.RequestPermissionRequest
	buffers  map[string]string
	written  map[string]string
	notified chan sdk.SessionNotification
}

func newTestClient(answer string) *testClient {
	return &testClient{answer: answer, buffers: map[string]string{}, written: map[string]string{}, notified: make(chan sdk.SessionNotification, 1024)}
}

func (c *testClient) SessionUpdate(_ context.Context, n sdk.SessionNotification) error {
	c.mu.Lock()
	c.updates = append(c.updates, n)
	c.mu.Unlock()
	select {
	case c.notified <- n:
	default:
	}
	return nil
}

func (c *testClient) RequestPermission(_ context.Context, r sdk.RequestPermissionRequest) (sdk.RequestPermissionResponse, error) {
	c.mu.Lock()
	c.asked = append(c.asked, r)
	c.mu.Unlock()
	if c.answer == "" {
		return sdk.RequestPermissionResponse{Outcome: sdk.RequestPermissionOutcome{Cancelled: &sdk.RequestPermissionOutcomeCancelled{Outcome: "cancelled"}}}, nil
	}
	return sdk.RequestPermissionResponse{Outcome: sdk.RequestPermissionOutcome{
		Selected: &sdk.RequestPermissionOutcomeSelected{Outcome: "selected", OptionId: sdk.PermissionOptionId(c.answer)}}}, nil
}

func (c *testClient) ReadTextFile(_ context.Context, r sdk.ReadTextFileRequest) (sdk.ReadTextFileResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if text, ok := c.buffers[r.Path]; ok {
		return sdk.ReadTextFileResponse{Content: text}, nil
	}
	b, err := os.ReadFile(r.Path)
	return sdk.ReadTextFileResponse{Content: string(b)}, err
}

func (c *testClient) WriteTextFile(_ context.Context, r sdk.WriteTextFileRequest) (sdk.WriteTextFileResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.buffers[r.Path] = r.Content
	c.written[r.Path] = r.Content
	return sdk.WriteTextFileResponse{}, nil
}

var errNoTerminal = errors.New("no terminal in this test client")

func (c *testClient) CreateTerminal(context.Context, sdk.CreateTerminalRequest) (sdk.CreateTerminalResponse, error) {
	return sdk.CreateTerminalResponse{}, errNoTerminal
}
func (c *testClient) KillTerminal(context.Context, sdk.KillTerminalRequest) (sdk.KillTerminalResponse, error) {
	return sdk.KillTerminalResponse{}, errNoTerminal
}
func (c *testClient) TerminalOutput(context.Context, sdk.TerminalOutputRequest) (sdk.TerminalOutputResponse, error) {
	return sdk.TerminalOutputResponse{}, errNoTerminal
}
func (c *testClient) ReleaseTerminal(context.Context, sdk.ReleaseTerminalRequest) (sdk.ReleaseTerminalResponse, error) {
	return sdk.ReleaseTerminalResponse{}, errNoTerminal
}
func (c *testClient) WaitForTerminalExit(context.Context, sdk.WaitForTerminalExitRequest) (sdk.WaitForTerminalExitResponse, error) {
	return sdk.WaitForTerminalExitResponse{}, errNoTerminal
}

// events returns the recorded log and updates so far.
func (c *testClient) events() ([]string, []sdk.SessionNotification) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.log...), append([]sdk.SessionNotification(nil), c.updates...)
}

// reset forgets what was recorded.
func (c *testClient) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.log, c.updates, c.asked = nil, nil, nil
}

// initialize runs the handshake offering fs methods when fs is set.
func initialize(t *testing.T, conn *sdk.ClientSideConnection, fs bool) sdk.InitializeResponse {
	t.Helper()
	resp, err := conn.Initialize(t.Context(), sdk.InitializeRequest{
		ProtocolVersion:    sdk.ProtocolVersionNumber,
		ClientCapabilities: sdk.ClientCapabilities{Fs: sdk.FileSystemCapabilities{ReadTextFile: fs, WriteTextFile: fs}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// wireLog records what the agent sends in the order it is on the wire
// (the SDK runs inbound requests concurrently with its notification
// queue, so handler order is not wire order).
type wireLog struct {
	c       *testClient
	partial []byte
}

func (w *wireLog) Write(p []byte) (int, error) {
	w.partial = append(w.partial, p...)
	for {
		i := bytes.IndexByte(w.partial, '\n')
		if i < 0 {
			return len(p), nil
		}
		var msg struct {
			Method string `json:"method"`
			Params struct {
				Update map[string]any `json:"update"`
			} `json:"params"`
		}
		if json.Unmarshal(w.partial[:i], &msg) == nil && msg.Method != "" {
			kind := msg.Method
			switch msg.Method {
			case "session/update":
				kind, _ = msg.Params.Update["sessionUpdate"].(string)
			case "session/request_permission":
				kind = "request_permission"
			}
			w.c.mu.Lock()
			w.c.log = append(w.c.log, kind)
			w.c.mu.Unlock()
		}
		w.partial = w.partial[i+1:]
	}
}
