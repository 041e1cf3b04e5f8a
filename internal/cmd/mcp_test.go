package cmd

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/honecode/hone/internal/mcp"
)

func TestMCPListFlags(t *testing.T) {
	t.Parallel()
	var got *MCPListOptions
	c := newMCPListCmd(&Factory{Global: GlobalOptions{Cwd: "/p"}}, func(_ context.Context, o *MCPListOptions) error {
		got = o
		return nil
	})
	c.SetArgs([]string{"--json"})
	if err := c.Execute(); err != nil {
		t.Fatal(err)
	}
	if !got.JSON || got.Load.Cwd != "/p" {
		t.Errorf("options %+v", got)
	}
}

// mcpHTTPServer serves one tool over streamable HTTP on 127.0.0.1.
func mcpHTTPServer(t *testing.T) string {
	s := server.NewMCPServer("t", "1", server.WithToolCapabilities(false))
	s.AddTool(mcpgo.NewTool("ping"), func(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		return mcpgo.NewToolResultText("pong"), nil
	})
	ts := httptest.NewServer(server.NewStreamableHTTPServer(s))
	t.Cleanup(ts.Close)
	return ts.URL
}

func TestMCPList(t *testing.T) {
	t.Parallel()
	env := newCfgEnv(t)
	env.write(t, ".hone.json", `{"mcp": {
		"web": {"url": "`+mcpHTTPServer(t)+`"},
		"broken": {"command": "sh", "args": ["-c", "echo no token >&2; exit 2"]},
		"off": {"command": "sleep", "args": ["60"], "disabled": true}
	}}`)

	io, out, _ := cfgIO()
	if err := runMCPList(t.Context(), &MCPListOptions{Load: env.trusted()}, io); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"NAME    TRANSPORT  STATE      TOOLS  DETAIL",
		"broken  stdio      failed     0      exited: exit status 2: no token",
		"off     stdio      disabled   0",
		"web     http       connected  1",
	}
	if got := strings.Split(strings.TrimSpace(out.String()), "\n"); strings.Join(trimAll(got), "\n") != strings.Join(want, "\n") {
		t.Errorf("table:\n%s", out)
	}

	io, out, _ = cfgIO()
	if err := runMCPList(t.Context(), &MCPListOptions{Load: env.trusted(), JSON: true}, io); err != nil {
		t.Fatal(err)
	}
	var states []mcp.Status
	if err := json.Unmarshal(out.Bytes(), &states); err != nil {
		t.Fatal(err)
	}
	if len(states) != 3 || states[2].Name != "web" || states[2].Tools[0] != "mcp_web_ping" {
		t.Errorf("json %s", out)
	}
}

func TestMCPListNone(t *testing.T) {
	t.Parallel()
	io, out, errOut := cfgIO()
	if err := runMCPList(t.Context(), &MCPListOptions{Load: newCfgEnv(t).load()}, io); err != nil {
		t.Fatal(err)
	}
	if out.Len() != 0 || !strings.Contains(errOut.String(), "no MCP servers configured") {
		t.Errorf("out %q err %q", out, errOut)
	}
	io, out, _ = cfgIO()
	if err := runMCPList(t.Context(), &MCPListOptions{Load: newCfgEnv(t).load(), JSON: true}, io); err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(out.String()) != "[]" {
		t.Errorf("json %q", out)
	}
}

func trimAll(lines []string) []string {
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return lines
}
