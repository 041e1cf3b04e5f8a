package config

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/honecode/hone/configs"
)

// OllamaProbeTimeout bounds DetectOllama: a local server answers at once.
const OllamaProbeTimeout = 500 * time.Millisecond

const ollamaDefaultPort = "11434"

// OllamaStatus is what a probe of a local Ollama found.
type OllamaStatus struct {
	// BaseURL is the OpenAI-compatible endpoint probed (…/v1).
	BaseURL   string
	Reachable bool
	// Models are the installed model names ("llama3.2:latest").
	Models []string
}

// OllamaBaseURL turns an OLLAMA_HOST value ("127.0.0.1", "host:port",
// "http://host:port") into the OpenAI-compatible base URL, reading it as
// Ollama does: a bare host gets port 11434, a URL keeps its scheme's port.
// "" gives http://localhost:11434/v1; a bind-all host (0.0.0.0) becomes
// localhost.
func OllamaBaseURL(host string) string {
	host = strings.TrimSpace(host)
	if host == "" {
		host = "localhost"
	}
	bare := !strings.Contains(host, "://")
	if bare {
		host = "http://" + host
	}
	u, err := url.Parse(host)
	if err != nil || u.Host == "" {
		return "http://localhost:" + ollamaDefaultPort + "/v1"
	}
	name, port := u.Hostname(), u.Port()
	if name == "0.0.0.0" || name == "::" {
		name = "localhost"
	}
	if port == "" && bare {
		port = ollamaDefaultPort
	}
	if port != "" {
		u.Host = net.JoinHostPort(name, port)
	} else {
		u.Host = name
	}
	u.Path = strings.TrimSuffix(strings.TrimSuffix(u.Path, "/"), "/v1") + "/v1"
	return u.String()
}

// DetectOllama asks the Ollama at baseURL (its OpenAI-compatible URL, as
// from OllamaBaseURL) for its installed models, within
// OllamaProbeTimeout. Callers probe only when the user asks for it (hone
// models, onboarding) and pass the result to Resolve.
func DetectOllama(ctx context.Context, client *http.Client, baseURL string) (*OllamaStatus, error) {
	if client == nil {
		client = &http.Client{}
	}
	ctx, cancel := context.WithTimeout(ctx, OllamaProbeTimeout)
	defer cancel()
	root := strings.TrimSuffix(strings.TrimSuffix(baseURL, "/"), "/v1")
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, root+"/api/tags", nil)
	if err != nil {
		return nil, fmt.Errorf("probe ollama: %w", err)
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("probe ollama: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("probe ollama: %s", resp.Status)
	}
	var tags struct {
		Models []struct {
			Name string `json:"name"`
		} `json:"models"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&tags); err != nil {
		return nil, fmt.Errorf("probe ollama: %w", err)
	}
	st := &OllamaStatus{BaseURL: baseURL, Reachable: true}
	for _, m := range tags.Models {
		st.Models = append(st.Models, m.Name)
	}
	return st, nil
}

// ResolveProbing is Resolve followed, unless the ollama provider is
// disabled in config, by a probe for a local Ollama (DetectOllama, within
// OllamaProbeTimeout) and a second Resolve that counts what it found. A
// failed probe leaves the first result.
func ResolveProbing(ctx context.Context, cfg *Config, cat *configs.Catalog, opts ResolveOptions, client *http.Client) (*Resolved, error) {
	res, err := Resolve(cfg, cat, opts)
	p, ok := res.Provider("ollama")
	if !ok || p.Reason == "disabled in config" {
		return res, err
	}
	st, perr := DetectOllama(ctx, client, p.BaseURL)
	if perr != nil {
		return res, err
	}
	opts.Ollama = st
	return Resolve(cfg, cat, opts)
}
