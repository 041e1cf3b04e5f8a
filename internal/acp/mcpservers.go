package acp

import (
	"errors"
	"fmt"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/honecode/hone/internal/config"
)

// mcpServers converts the servers a client passed into Hone's MCP server
// config, by name. A name given twice or left empty is an error.
func mcpServers(in []sdk.McpServer) (map[string]config.MCPServer, error) {
	if len(in) == 0 {
		return nil, nil
	}
	out := make(map[string]config.MCPServer, len(in))
	for i, s := range in {
		name, srv, err := mcpServer(s)
		if err != nil {
			return nil, fmt.Errorf("mcpServers[%d]: %w", i, err)
		}
		if strings.TrimSpace(name) == "" {
			return nil, fmt.Errorf("mcpServers[%d]: the name is empty", i)
		}
		if _, dup := out[name]; dup {
			return nil, fmt.Errorf("mcpServers[%d]: the name %q is used twice", i, name)
		}
		out[name] = srv
	}
	return out, nil
}

func mcpServer(s sdk.McpServer) (string, config.MCPServer, error) {
	switch {
	case s.Stdio != nil:
		env := make(map[string]string, len(s.Stdio.Env))
		for _, v := range s.Stdio.Env {
			env[v.Name] = v.Value
		}
		if s.Stdio.Command == "" {
			return "", config.MCPServer{}, fmt.Errorf("server %q: the command is empty", s.Stdio.Name)
		}
		return s.Stdio.Name, config.MCPServer{Type: "stdio", Command: s.Stdio.Command, Args: s.Stdio.Args, Env: env}, nil
	case s.Http != nil:
		return s.Http.Name, config.MCPServer{Type: "http", URL: s.Http.Url, Headers: headers(s.Http.Headers)}, nil
	case s.Sse != nil:
		return s.Sse.Name, config.MCPServer{Type: "sse", URL: s.Sse.Url, Headers: headers(s.Sse.Headers)}, nil
	}
	return "", config.MCPServer{}, errors.New("unsupported transport (Hone connects to stdio, http and sse servers)")
}

func headers(in []sdk.HttpHeader) map[string]string {
	if len(in) == 0 {
		return nil
	}
	out := make(map[string]string, len(in))
	for _, h := range in {
		out[h.Name] = h.Value
	}
	return out
}
