// Package config holds Hone's configuration types and loads, merges and
// validates the layered hone.json files (global, project, --config, flags).
package config

// Config is the merged configuration. Its JSON shape is the hone.json file
// format; schema/hone.schema.json is generated from these types.
type Config struct {
	Providers   map[string]Provider  `json:"providers,omitempty" jsonschema:"description=Model providers by name; names are used in model references like name/model-id"`
	Models      Models               `json:"models,omitempty"`
	Permissions Permissions          `json:"permissions,omitempty"`
	MCP         map[string]MCPServer `json:"mcp,omitempty" jsonschema:"description=MCP servers by name"`
	LSP         map[string]LSPServer `json:"lsp,omitempty" jsonschema:"description=Language servers by name"`
	Options     Options              `json:"options,omitempty"`
}

// Provider types.
const (
	TypeOpenAI       = "openai"        // Responses API
	TypeOpenAICompat = "openai-compat" // Chat Completions
	TypeAnthropic    = "anthropic"
	TypeGemini       = "gemini"
	TypeFake         = "fake" // scripted model for tests
)

// Provider is one configured model provider.
type Provider struct {
	Type    string `json:"type,omitempty" jsonschema:"enum=openai,enum=openai-compat,enum=anthropic,enum=gemini,enum=fake"`
	BaseURL string `json:"base_url,omitempty"`
	// APIKey may be a $VAR or ${VAR} reference; it is expanded at load and
	// never written back.
	APIKey       string            `json:"api_key,omitempty"`
	ExtraHeaders map[string]string `json:"extra_headers,omitempty"`
	Models       []ModelInfo       `json:"models,omitempty"`
	// Script is the script file of a fake provider.
	Script   string `json:"script,omitempty"`
	Disabled bool   `json:"disabled,omitempty"`
	// ProviderOptions apply to every call to this provider.
	ProviderOptions map[string]any `json:"provider_options,omitempty"`
	// Vertex selects Vertex AI for gemini providers (project and location
	// in ProviderOptions).
	Vertex bool `json:"vertex,omitempty"`
}

// ModelInfo describes one model of a provider (overrides the catalog).
type ModelInfo struct {
	ID                string   `json:"id"`
	Name              string   `json:"name,omitempty"`
	ContextWindow     int      `json:"context_window,omitempty"`
	MaxTokens         int      `json:"max_tokens,omitempty"`
	SupportsImages    *bool    `json:"supports_images,omitempty"`
	SupportsReasoning *bool    `json:"supports_reasoning,omitempty"`
	CostIn            *float64 `json:"cost_per_1m_in,omitempty"`
	CostOut           *float64 `json:"cost_per_1m_out,omitempty"`
	CostCacheRead     *float64 `json:"cost_per_1m_cache_read,omitempty"`
	CostCacheWrite    *float64 `json:"cost_per_1m_cache_write,omitempty"`
}

// Models holds the ordered candidate lists of each role.
type Models struct {
	Large []ModelRef `json:"large,omitempty"`
	Small []ModelRef `json:"small,omitempty"`
}

// ModelRef is a candidate: "provider/model" or an object with call options.
// It unmarshals from either form.
type ModelRef struct {
	Model           string         `json:"model"`
	MaxTokens       int            `json:"max_tokens,omitempty"`
	ReasoningEffort string         `json:"reasoning_effort,omitempty" jsonschema:"enum=,enum=low,enum=medium,enum=high"`
	Temperature     *float64       `json:"temperature,omitempty"`
	TopP            *float64       `json:"top_p,omitempty"`
	ProviderOptions map[string]any `json:"provider_options,omitempty"`
}

// Permissions configures the permission service.
type Permissions struct {
	Mode  string   `json:"mode,omitempty" jsonschema:"enum=default,enum=accept-edits,enum=plan,enum=yolo"`
	Allow []string `json:"allow,omitempty"`
	Deny  []string `json:"deny,omitempty"`
}

// MCPServer configures one MCP server.
type MCPServer struct {
	Type          string            `json:"type,omitempty" jsonschema:"enum=stdio,enum=http,enum=sse"`
	Command       string            `json:"command,omitempty"`
	Args          []string          `json:"args,omitempty"`
	Env           map[string]string `json:"env,omitempty"`
	URL           string            `json:"url,omitempty"`
	Headers       map[string]string `json:"headers,omitempty"`
	Disabled      bool              `json:"disabled,omitempty"`
	EnabledTools  []string          `json:"enabled_tools,omitempty"`
	DisabledTools []string          `json:"disabled_tools,omitempty"`
	// Timeout is the start timeout in seconds (default 30).
	Timeout int `json:"timeout,omitempty"`
	// CallTimeout is the per-call timeout in seconds (default 60).
	CallTimeout int `json:"call_timeout,omitempty"`
}

// LSPServer configures one language server.
type LSPServer struct {
	Command     string            `json:"command"`
	Args        []string          `json:"args,omitempty"`
	Env         map[string]string `json:"env,omitempty"`
	Filetypes   []string          `json:"filetypes,omitempty"`
	RootMarkers []string          `json:"root_markers,omitempty"`
	InitOptions map[string]any    `json:"init_options,omitempty"`
	Disabled    bool              `json:"disabled,omitempty"`
	// Timeout is the request timeout in seconds (default 10).
	Timeout int `json:"timeout,omitempty"`
}

// Options are general settings.
type Options struct {
	ContextPaths         []string `json:"context_paths,omitempty"`
	DisableAutoSummarize bool     `json:"disable_auto_summarize,omitempty"`
	DisabledTools        []string `json:"disabled_tools,omitempty"`
	// ShellEnvAllow keeps these secret-looking variables in bash's environment.
	ShellEnvAllow []string `json:"shell_env_allow,omitempty"`
	// MaxSteps bounds model steps per turn (default 100).
	MaxSteps int `json:"max_steps,omitempty"`
	// Cooldowns overrides failover cooldowns in seconds, by error kind.
	Cooldowns map[string]int `json:"cooldowns,omitempty"`
	// StreamIdleTimeout in seconds (default 300).
	StreamIdleTimeout int  `json:"stream_idle_timeout,omitempty"`
	DisableTitles     bool `json:"disable_titles,omitempty"`
}
