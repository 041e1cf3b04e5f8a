package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/mcp"
	"github.com/honecode/hone/internal/mcpauth"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/tools"
)

// serverName is the name the test server gets in the config.
const serverName = "conformance"

// clientMetadataURL is the client ID metadata document URL the suite's
// authorization servers expect when they support those.
const clientMetadataURL = "https://conformance-test.local/client-metadata.json"

// scenarioContext is MCP_CONFORMANCE_CONTEXT.
type scenarioContext struct {
	ClientID         string `json:"client_id"`
	ClientSecret     string `json:"client_secret"`
	PrivateKeyPEM    string `json:"private_key_pem"`
	SigningAlgorithm string `json:"signing_algorithm"`
}

// run connects to the server at the last argument and does what the
// scenario asks of a client.
func run(ctx context.Context, args []string, getenv func(string) string) error {
	if len(args) == 0 {
		return errors.New("usage: conformance SERVER_URL")
	}
	scenario := getenv("MCP_CONFORMANCE_SCENARIO")
	srv, err := serverConfig(args[len(args)-1], scenario, getenv("MCP_CONFORMANCE_CONTEXT"))
	if err != nil {
		return err
	}
	dataDir, err := os.MkdirTemp("", "hone-conformance-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dataDir)
	reg := tools.NewRegistry()
	m := mcp.New(mcp.Options{
		Servers: map[string]config.MCPServer{serverName: srv}, Registry: reg, Perms: allowAll{},
		WorkDir: dataDir, Version: "conformance", Elicit: acceptDefaults,
		Auth: &mcp.AuthOptions{Store: mcpauth.NewStore(dataDir), Open: followRedirects},
	})
	defer m.Close()
	m.Start(ctx)
	if err := m.WaitReady(ctx); err != nil {
		return err
	}
	st := m.States()[0]
	if st.State != mcp.StateConnected {
		return fmt.Errorf("server %s: %s", st.State.Label(), st.Error)
	}
	return callScenarioTool(ctx, reg, st.Tools, scenario)
}

// serverConfig is the hone.json entry a user would write for the
// scenario's server.
func serverConfig(url, scenario, rawContext string) (config.MCPServer, error) {
	var sc scenarioContext
	if rawContext != "" {
		if err := json.Unmarshal([]byte(rawContext), &sc); err != nil {
			return config.MCPServer{}, fmt.Errorf("MCP_CONFORMANCE_CONTEXT: %w", err)
		}
	}
	oauth := &config.MCPOAuth{
		ClientMetadataURL: clientMetadataURL, ClientID: sc.ClientID, ClientSecret: sc.ClientSecret,
		PrivateKey: sc.PrivateKeyPEM, SigningAlgorithm: sc.SigningAlgorithm,
	}
	if strings.HasPrefix(scenario, "auth/client-credentials") {
		oauth.Grant = "client_credentials"
	}
	return config.MCPServer{Type: mcp.TransportHTTP, URL: url, OAuth: oauth, Timeout: 20, CallTimeout: 20}, nil
}

// scenarioCalls are the tool calls a scenario expects (by remote tool
// name); scenarios not listed call every tool with no arguments.
var scenarioCalls = map[string]map[string]string{
	"initialize": {},
	"tools_call": {"add_numbers": `{"a":5,"b":3}`},
}

// callScenarioTool calls the scenario's tools through the registry, as the
// agent would for the model.
func callScenarioTool(ctx context.Context, reg *tools.Registry, names []string, scenario string) error {
	calls, listed := scenarioCalls[scenario]
	for _, name := range names {
		input := "{}"
		if listed {
			var ok bool
			if input, ok = calls[remoteName(name)]; !ok {
				continue
			}
		}
		res := reg.Run(ctx, tools.Call{ID: "call-" + name, Name: name, Input: json.RawMessage(input)})
		if res.IsError {
			return fmt.Errorf("%s: %s", name, res.Content)
		}
		fmt.Printf("%s: %s\n", name, res.Content)
	}
	return nil
}

// remoteName is the server's name of a registered tool.
func remoteName(registered string) string {
	return strings.TrimPrefix(registered, mcp.ToolName(serverName, ""))
}

// allowAll grants every permission request (the suite's tools are its own).
type allowAll struct{}

func (allowAll) Ask(context.Context, permission.Request) error { return nil }

// acceptDefaults is a user who accepts every elicitation without changing
// anything: the client fills in the schema's defaults.
func acceptDefaults(context.Context, mcp.Elicitation) (mcp.ElicitAnswer, error) {
	return mcp.ElicitAnswer{Action: "accept", Content: map[string]any{}}, nil
}

// followRedirects is the browser: it loads the authorization page and
// follows its redirects, which end at Hone's loopback listener.
func followRedirects(ctx context.Context, authURL string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, authURL, nil)
	if err != nil {
		return err
	}
	res, err := (&http.Client{Timeout: 20 * time.Second}).Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body)
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("authorization page: status %d", res.StatusCode)
	}
	return nil
}
