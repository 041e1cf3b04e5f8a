// Package config holds Hone's configuration types and loads, merges and
// validates the layered hone.json files (global, project, --config, flags).
//
// Files are JSON; // and /* */ comments are allowed. The values of
// api_key, base_url and extra_headers (providers), command, args, env, url
// and headers (MCP servers) and command, args and env (LSP servers) may
// reference environment variables as $VAR or ${VAR} ($$ is a literal $);
// an unset variable expands to "" with a warning. Expanded secrets live
// only in memory: see Config.Redacted and Provider.MarshalJSON.
package config

// Config is the merged configuration. Its JSON shape is the hone.json file
// format; schema/hone.schema.json is generated from these types.
type Config struct {
	// Schema lets editors find the JSON Schema; Hone ignores it.
	Schema      string               `json:"$schema,omitempty" jsonschema_description:"URL or path of the JSON Schema of this file (for editors; Hone ignores it)."`
	Providers   map[string]Provider  `json:"providers,omitempty" jsonschema_description:"Model providers by name. Names are used in model references like name/model-id; a provider named like a catalog provider (anthropic, openai, gemini, openrouter, deepseek, xai, groq, mistral, ollama) inherits its type, base URL, key variable and models."`
	Models      Models               `json:"models,omitempty" jsonschema_description:"Ordered model candidates per role. A project config's list replaces the global one."`
	Permissions Permissions          `json:"permissions,omitempty" jsonschema_description:"Permission mode and rules. A project config can only tighten them."`
	MCP         map[string]MCPServer `json:"mcp,omitempty" jsonschema_description:"MCP servers by name."`
	LSP         map[string]LSPServer `json:"lsp,omitempty" jsonschema_description:"Language servers by name."`
	Options     Options              `json:"options,omitempty" jsonschema_description:"General settings."`
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
	Type    string `json:"type,omitempty" jsonschema:"enum=openai,enum=openai-compat,enum=anthropic,enum=gemini,enum=fake" jsonschema_description:"Wire protocol: openai (Responses API), openai-compat (Chat Completions: Ollama, OpenRouter, DeepSeek, Groq, vLLM, LM Studio …), anthropic, gemini, or fake (scripted, for tests). Optional for catalog providers."`
	BaseURL string `json:"base_url,omitempty" jsonschema_description:"API base URL (default: the catalog's, or the SDK's). $VAR references expand."`
	// APIKey may be a $VAR or ${VAR} reference; it is expanded at load and
	// never written back.
	APIKey       string            `json:"api_key,omitempty" jsonschema_description:"API key, best as a reference like $ANTHROPIC_API_KEY. Default: the catalog provider's key variable."`
	ExtraHeaders map[string]string `json:"extra_headers,omitempty" jsonschema_description:"Extra HTTP headers on every request. $VAR references expand."`
	Models       []ModelInfo       `json:"models,omitempty" jsonschema_description:"Models of this provider; entries override the catalog's by id."`
	// Script is the script file of a fake provider.
	Script   string `json:"script,omitempty" jsonschema_description:"Script file of a fake provider."`
	Disabled bool   `json:"disabled,omitempty" jsonschema_description:"Ignore this provider."`
	// ProviderOptions apply to every call to this provider.
	ProviderOptions map[string]any `json:"provider_options,omitempty" jsonschema_description:"Options passed to the provider adapter on every call; model entries override them by key."`
	// Vertex selects Vertex AI for gemini providers (project and location
	// in ProviderOptions).
	Vertex bool `json:"vertex,omitempty" jsonschema_description:"Use Vertex AI (gemini only; project and location in provider_options)."`
}

// ModelInfo describes one model of a provider (overrides the catalog).
type ModelInfo struct {
	ID                string   `json:"id" jsonschema:"required" jsonschema_description:"Model id as the provider's API knows it."`
	Name              string   `json:"name,omitempty" jsonschema_description:"Display name."`
	ContextWindow     int      `json:"context_window,omitempty" jsonschema:"minimum=0" jsonschema_description:"Context window in tokens."`
	MaxTokens         int      `json:"max_tokens,omitempty" jsonschema:"minimum=0" jsonschema_description:"Default max output tokens per call."`
	SupportsImages    *bool    `json:"supports_images,omitempty"`
	SupportsReasoning *bool    `json:"supports_reasoning,omitempty"`
	CostIn            *float64 `json:"cost_per_1m_in,omitempty" jsonschema_description:"US dollars per million input tokens."`
	CostOut           *float64 `json:"cost_per_1m_out,omitempty" jsonschema_description:"US dollars per million output tokens."`
	CostCacheRead     *float64 `json:"cost_per_1m_cache_read,omitempty" jsonschema_description:"US dollars per million cached input tokens read."`
	CostCacheWrite    *float64 `json:"cost_per_1m_cache_write,omitempty" jsonschema_description:"US dollars per million input tokens written to the cache."`
}

// Models holds the ordered candidate lists of each role.
type Models struct {
	Large []ModelRef `json:"large,omitempty" jsonschema_description:"Candidates for turns, tried in order (failover)."`
	Small []ModelRef `json:"small,omitempty" jsonschema_description:"Candidates for titles and summaries, tried in order."`
}

// ModelRef is a candidate: "provider/model" or an object with call options.
// It unmarshals from either form.
type ModelRef struct {
	Model           string         `json:"model" jsonschema:"required,pattern=^[^/]+/.+$" jsonschema_description:"provider/model-id"`
	MaxTokens       int            `json:"max_tokens,omitempty" jsonschema:"minimum=0"`
	ReasoningEffort string         `json:"reasoning_effort,omitempty" jsonschema:"enum=low,enum=medium,enum=high"`
	Temperature     *float64       `json:"temperature,omitempty" jsonschema:"minimum=0,maximum=2"`
	TopP            *float64       `json:"top_p,omitempty" jsonschema:"exclusiveMinimum=0,maximum=1"`
	ProviderOptions map[string]any `json:"provider_options,omitempty" jsonschema_description:"Adapter options for this candidate; override the provider's by key."`
}

// Permissions configures the permission service.
type Permissions struct {
	Mode  string   `json:"mode,omitempty" jsonschema:"enum=default,enum=accept-edits,enum=plan,enum=yolo" jsonschema_description:"default asks for writes, execution and network; accept-edits allows file edits in the project; plan is read-only; yolo allows everything."`
	Allow []string `json:"allow,omitempty" jsonschema_description:"Rules allowed without asking, like edit or bash(go test*). Ignored in a project config."`
	Deny  []string `json:"deny,omitempty" jsonschema_description:"Rules always refused, like bash(rm -rf*)."`
}

// MCPServer configures one MCP server.
type MCPServer struct {
	Type          string            `json:"type,omitempty" jsonschema:"enum=stdio,enum=http,enum=sse" jsonschema_description:"Transport (default: http when url is set, else stdio)."`
	Command       string            `json:"command,omitempty"`
	Args          []string          `json:"args,omitempty"`
	Env           map[string]string `json:"env,omitempty"`
	URL           string            `json:"url,omitempty"`
	Headers       map[string]string `json:"headers,omitempty"`
	Disabled      bool              `json:"disabled,omitempty"`
	EnabledTools  []string          `json:"enabled_tools,omitempty"`
	DisabledTools []string          `json:"disabled_tools,omitempty"`
	// Timeout is the start timeout in seconds (default 30).
	Timeout int `json:"timeout,omitempty" jsonschema:"minimum=0" jsonschema_description:"Start timeout in seconds (default 30)."`
	// CallTimeout is the per-call timeout in seconds (default 60).
	CallTimeout int `json:"call_timeout,omitempty" jsonschema:"minimum=0" jsonschema_description:"Per-call timeout in seconds (default 60)."`
}

// LSPServer configures one language server.
type LSPServer struct {
	Command     string            `json:"command"`
	Args        []string          `json:"args,omitempty"`
	Env         map[string]string `json:"env,omitempty"`
	Filetypes   []string          `json:"filetypes,omitempty" jsonschema_description:"File extensions served, like .go."`
	RootMarkers []string          `json:"root_markers,omitempty" jsonschema_description:"Files that mark a project root, like go.mod."`
	InitOptions map[string]any    `json:"init_options,omitempty"`
	Disabled    bool              `json:"disabled,omitempty"`
	// Timeout is the request timeout in seconds (default 10).
	Timeout int `json:"timeout,omitempty" jsonschema:"minimum=0" jsonschema_description:"Request timeout in seconds (default 10)."`
}

// Options are general settings.
type Options struct {
	ContextPaths         []string `json:"context_paths,omitempty" jsonschema_description:"Extra project memory files added to the system prompt."`
	DisableAutoSummarize bool     `json:"disable_auto_summarize,omitempty"`
	DisabledTools        []string `json:"disabled_tools,omitempty"`
	// ShellEnvAllow keeps these secret-looking variables in bash's environment.
	ShellEnvAllow []string `json:"shell_env_allow,omitempty" jsonschema_description:"Secret-looking variables kept in bash's environment."`
	// MaxSteps bounds model steps per turn (default 100).
	MaxSteps int `json:"max_steps,omitempty" jsonschema:"minimum=0" jsonschema_description:"Model steps per turn (default 100)."`
	// Cooldowns overrides failover cooldowns in seconds, by error kind.
	Cooldowns map[string]int `json:"cooldowns,omitempty" jsonschema_description:"Failover cooldowns in seconds by error kind (rate_limit, overloaded, timeout, server, auth, billing, unknown)."`
	// StreamIdleTimeout in seconds (default 300).
	StreamIdleTimeout int  `json:"stream_idle_timeout,omitempty" jsonschema:"minimum=0" jsonschema_description:"Seconds without stream data before a call times out (default 300)."`
	DisableTitles     bool `json:"disable_titles,omitempty"`
	// ArtifactQuotaMB bounds the whole outputs of cut tool results kept
	// per session, in MiB (default 512).
	ArtifactQuotaMB int         `json:"artifact_quota_mb,omitempty" jsonschema:"minimum=0" jsonschema_description:"Space per session for the whole output of tool results that were cut, in MiB (default 512); the oldest are deleted first."`
	WebSearch       WebSearch   `json:"web_search,omitempty" jsonschema_description:"The web_search tool: the model's own search, or a SearXNG, Brave or Tavily backend."`
	Sourcegraph     Sourcegraph `json:"sourcegraph,omitempty" jsonschema_description:"The sourcegraph code search tool."`
}
