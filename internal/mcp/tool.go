package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/tools"
)

// maxDescription bounds a tool description sent to the model.
const maxDescription = 8 << 10

// tool is one MCP tool adapted to tools.Tool.
type tool struct {
	srv    *server
	remote string
	info   tools.Info
}

func newTool(s *server, t mcp.Tool) *tool {
	desc := strings.TrimSpace(t.Description)
	if desc == "" {
		desc = fmt.Sprintf("Tool %s of the MCP server %s.", t.Name, s.name)
	}
	if len(desc) > maxDescription {
		desc = desc[:maxDescription] + "…"
	}
	return &tool{srv: s, remote: t.Name, info: tools.Info{
		Name:        ToolName(s.name, t.Name),
		Description: desc,
		Schema:      inputSchema(t),
		Policy:      tools.PolicyExecute,
	}}
}

// inputSchema is the tool's JSON Schema as the server gave it, made an
// object schema when the server left the type out.
func inputSchema(t mcp.Tool) json.RawMessage {
	if len(t.RawInputSchema) > 0 {
		return t.RawInputSchema
	}
	in := t.InputSchema
	if in.Type == "" {
		in.Type = "object"
	}
	b, err := json.Marshal(in)
	if err != nil {
		return json.RawMessage(`{"type":"object"}`)
	}
	return b
}

// Info describes the tool with the server's name, description and schema.
func (t *tool) Info() tools.Info { return t.info }

// Run asks permission (action execute), calls the tool on its server and
// converts the result. Server failures become error results.
func (t *tool) Run(ctx context.Context, call tools.Call) (tools.Result, error) {
	if res, ok := t.ask(ctx, call.Input); !ok {
		return res, nil
	}
	out, err := t.srv.call(ctx, t.remote, call.Input)
	if err != nil {
		if ctx.Err() != nil {
			return tools.Result{}, ctx.Err()
		}
		return tools.ErrorResult(fmt.Sprintf("%s failed: %v", t.info.Name, err)), nil
	}
	return convertResult(t.srv.name, t.remote, out), nil
}

// ask asks the permission service whether the call may run.
func (t *tool) ask(ctx context.Context, input json.RawMessage) (tools.Result, bool) {
	cc := tools.CallFrom(ctx)
	req := permission.Request{
		SessionID:   cc.SessionID,
		CallID:      cc.CallID,
		ToolName:    t.info.Name,
		Action:      permission.ActionExecute,
		Description: fmt.Sprintf("Run %s on MCP server %s with %s", t.remote, t.srv.name, clip(string(input), 400)),
	}
	perms := t.srv.m.opts.Perms
	if perms == nil {
		return tools.DeniedResult(&permission.DeniedError{Tool: req.ToolName, Reason: "no permission service"}), false
	}
	err := perms.Ask(ctx, req)
	if err == nil {
		return tools.Result{}, true
	}
	var denied *permission.DeniedError
	if errors.As(err, &denied) {
		return tools.DeniedResult(denied), false
	}
	if ctx.Err() != nil {
		return tools.ErrorResult(fmt.Sprintf("%s was cancelled while waiting for permission", req.ToolName)), false
	}
	return tools.ErrorResult(fmt.Sprintf("permission check for %s failed: %v", req.ToolName, err)), false
}

// clip shortens s to at most n bytes (on a rune boundary), marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }
