// Package config holds Hone's configuration types and loads, merges and
// validates the layered hone.json files (global, project, --config, flags).
//
// Files are JSON; // and /* */ comments are allowed. The values of
// api_key, base_url and extra_headers (providers), command, args, env, url
// and headers (MCP servers) and command, args and env (LSP servers) may
// reference environment variables as $VAR or ${VAR} ($$ is a literal $);
// an unset variable expands to "" with a warning. Expanded secrets live
// only in memory: see Config.Redacted and Provider.MarshalJSON.
//
// A project's own config file is not trusted until the user trusts the
// project: gateProject (trust.go), guided by trust.Fields, leaves out the
// parts that run programs or send data before anything expands or merges
// them, and Loaded.Trust says what was left out. Every file is read
// bounded (ReadFile).
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
	Hooks       Hooks                `json:"hooks,omitempty" jsonschema_description:"Commands run at agent events, in Claude Code's shape: event name → list of {matcher, hooks: [{type: command, command, timeout}]}. See docs/extending.md."`
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
	// Routing "escalate" starts each turn on Fast and moves to Large for
	// the rest of the turn when a trigger fires; "" always uses Large.
	Routing string     `json:"routing,omitempty" jsonschema:"enum=,enum=large,enum=escalate" jsonschema_description:"escalate: start each turn on the fast candidates and switch to large for the rest of the turn when it grows (tool calls, tokens, certain tools, a repeated failure, or /escalate). Default: always large."`
	Fast    []ModelRef `json:"fast,omitempty" jsonschema_description:"Candidates a turn starts on with routing escalate, tried in order (default: the small candidates)."`
	// Plan are the candidates of plan-mode steps (default: the turn's).
	Plan []ModelRef `json:"plan,omitempty" jsonschema_description:"Candidates for steps in plan mode, tried in order (default: as outside plan mode)."`
	// EscalateOnTools name tools whose calls escalate a turn.
	EscalateOnTools []string `json:"escalate_on_tools,omitempty" jsonschema_description:"Tool names whose calls switch the turn to the large candidates (the agent tool and edits of more than one file always do)."`
	// EscalateAfterToolCalls and EscalateAfterTokens are the thresholds
	// (defaults 3 and 100000; see docs/config.md).
	EscalateAfterToolCalls int   `json:"escalate_after_tool_calls,omitempty" jsonschema:"minimum=0" jsonschema_description:"Escalate once a turn made more than this many tool calls (default 3)."`
	EscalateAfterTokens    int64 `json:"escalate_after_tokens,omitempty" jsonschema:"minimum=0" jsonschema_description:"Escalate once the turn's steps used more than this many tokens, input and output (default 100000)."`
}

// Routing modes of Models.Routing.
const (
	RoutingLarge    = "large"
	RoutingEscalate = "escalate"
)

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
	Mode  string   `json:"mode,omitempty" jsonschema:"enum=default,enum=accept-edits,enum=auto,enum=plan,enum=yolo" jsonschema_description:"default asks for writes, execution and network; accept-edits allows file edits in the project; auto also runs every command without asking inside the sandbox (project writes only, no network); plan is read-only; yolo allows everything."`
	Allow []string `json:"allow,omitempty" jsonschema_description:"Rules allowed without asking, like edit or bash(go test*). Ignored in a project config."`
	Deny  []string `json:"deny,omitempty" jsonschema_description:"Rules always refused, like bash(rm -rf*)."`
	// Network are bash rules allowed to run with network access inside
	// the sandbox.
	Network []string `json:"network,omitempty" jsonschema_description:"bash rules, like bash(npm install*), whose commands are allowed and may use the network inside the sandbox. Ignored in a project config."`
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
	// OAuth tunes authorization of http and sse servers (optional: Hone
	// discovers what a server needs when it answers 401).
	OAuth *MCPOAuth `json:"oauth,omitempty" jsonschema_description:"OAuth settings of an http or sse server. Optional: Hone discovers the authorization server and registers itself when the server asks for authorization."`
}

// MCPOAuth configures how Hone authorizes with a remote MCP server.
// Secrets belong in $VAR references; tokens are kept in the data
// directory, never here.
type MCPOAuth struct {
	ClientID          string   `json:"client_id,omitempty" jsonschema_description:"Pre-registered OAuth client id (for servers without dynamic registration). $VAR references expand."`
	ClientSecret      string   `json:"client_secret,omitempty" jsonschema_description:"Secret of the pre-registered client, best as a $VAR reference."`
	Scopes            []string `json:"scopes,omitempty" jsonschema_description:"Scopes to request instead of the ones the server asks for."`
	ClientMetadataURL string   `json:"client_metadata_url,omitempty" jsonschema_description:"URL of a client ID metadata document to use as client_id where the authorization server supports those."`
	// Grant is authorization_code (a person logs in) or
	// client_credentials (machine to machine).
	Grant                   string `json:"grant,omitempty" jsonschema:"enum=authorization_code,enum=client_credentials" jsonschema_description:"authorization_code (default: log in with hone mcp login) or client_credentials (no person; needs client_id)."`
	TokenEndpointAuthMethod string `json:"token_endpoint_auth_method,omitempty" jsonschema:"enum=none,enum=client_secret_basic,enum=client_secret_post,enum=private_key_jwt" jsonschema_description:"How the client authenticates at the token endpoint (default: what the server supports)."`
	PrivateKey              string `json:"private_key,omitempty" jsonschema_description:"PEM private key for private_key_jwt client authentication, best as a $VAR reference."`
	SigningAlgorithm        string `json:"signing_algorithm,omitempty" jsonschema_description:"JWS algorithm of the private_key_jwt assertion (default: by key type, ES256 for P-256)."`
	RedirectPort            int    `json:"redirect_port,omitempty" jsonschema:"minimum=0,maximum=65535" jsonschema_description:"Fixed port of the loopback redirect URI http://127.0.0.1:PORT/callback (default: any free port)."`
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

// Trace turns wire tracing on (like --trace-llm and --trace-mcp).
type Trace struct {
	LLM bool `json:"llm,omitempty" jsonschema_description:"Trace model provider requests and responses."`
	MCP bool `json:"mcp,omitempty" jsonschema_description:"Trace the JSON-RPC messages exchanged with MCP servers."`
}

// Telemetry configures the OpenTelemetry export.
type Telemetry struct {
	OTLPEndpoint   string `json:"otlp_endpoint,omitempty" jsonschema_description:"OTLP/HTTP base URL, like http://localhost:4318 (default: $OTEL_EXPORTER_OTLP_ENDPOINT; unset: no export)."`
	IncludeContent bool   `json:"include_content,omitempty" jsonschema_description:"Also export tool input and output and the model's answers (default: only names, sizes, tokens, cost, timing)."`
	Disabled       bool   `json:"disabled,omitempty" jsonschema_description:"Export nothing, even when OTEL_EXPORTER_OTLP_ENDPOINT is set."`
}

// Options are general settings.
type Options struct {
	ContextPaths         []string `json:"context_paths,omitempty" jsonschema_description:"Extra project memory files added to the system prompt."`
	DisableAutoSummarize bool     `json:"disable_auto_summarize,omitempty"`
	DisabledTools        []string `json:"disabled_tools,omitempty"`
	// ShellEnvAllow names variables passed to every process Hone starts, on
	// top of the sandbox's allowlist.
	ShellEnvAllow []string `json:"shell_env_allow,omitempty" jsonschema_description:"Environment variables (names, or prefixes ending in *) passed to commands, MCP servers and language servers in addition to the built-in allowlist."`
	// MaxSteps bounds model steps per turn (default 100).
	MaxSteps int `json:"max_steps,omitempty" jsonschema:"minimum=0" jsonschema_description:"Model steps per turn (default 100)."`
	// Cooldowns overrides failover cooldowns in seconds, by error kind.
	Cooldowns map[string]int `json:"cooldowns,omitempty" jsonschema_description:"Failover cooldowns in seconds by error kind (rate_limit, overloaded, timeout, server, auth, billing, unknown)."`
	// FirstByteTimeout in seconds (default 60).
	FirstByteTimeout int `json:"first_byte_timeout,omitempty" jsonschema:"minimum=0" jsonschema_description:"Seconds a provider may take to send the first byte of its answer before the call fails with a timeout and fails over, without retrying (default 60). Raise it for slow local servers."`
	// StreamIdleTimeout in seconds (default 300).
	StreamIdleTimeout int `json:"stream_idle_timeout,omitempty" jsonschema:"minimum=0" jsonschema_description:"Seconds a started answer may stay silent between two pieces before the call times out (default 300)."`
	// MaxOutputBytes caps one model answer (default 4 MiB).
	MaxOutputBytes int  `json:"max_output_bytes,omitempty" jsonschema:"minimum=0" jsonschema_description:"Bytes of text, reasoning and tool-call arguments one model answer may stream; a longer answer is cut there and the turn ends with output_too_large (default 4194304, 4 MiB)."`
	DisableTitles  bool `json:"disable_titles,omitempty"`
	// ArtifactQuotaMB bounds the whole outputs of cut tool results kept
	// per session, in MiB (default 512).
	ArtifactQuotaMB int         `json:"artifact_quota_mb,omitempty" jsonschema:"minimum=0" jsonschema_description:"Space per session for the whole output of tool results that were cut, in MiB (default 512); the oldest are deleted first."`
	Telemetry       Telemetry   `json:"telemetry,omitempty" jsonschema_description:"OpenTelemetry export of turns, steps, tool calls and sub-agents as OTLP/HTTP traces and metrics. Off unless an endpoint is set here or in OTEL_EXPORTER_OTLP_ENDPOINT."`
	Trace           Trace       `json:"trace,omitempty" jsonschema_description:"Wire traces for debugging: every request and response to model providers (llm) or MCP servers (mcp), redacted, in <data-dir>/traces/SESSION.jsonl. Off by default."`
	WebSearch       WebSearch   `json:"web_search,omitempty" jsonschema_description:"The web_search tool: the model's own search, or a SearXNG, Brave or Tavily backend."`
	Sourcegraph     Sourcegraph `json:"sourcegraph,omitempty" jsonschema_description:"The sourcegraph code search tool."`
	TUI             TUI         `json:"tui,omitempty" jsonschema_description:"The full-screen interface: theme and notifications."`
	// SkillsPaths are more folders of skills (SKILL.md folders).
	SkillsPaths []string `json:"skills_paths,omitempty" jsonschema_description:"More folders holding skills (one SKILL.md folder per skill), searched after the project's and before the user's."`
	// SystemPromptFile replaces the main agent's role prompt.
	SystemPromptFile string `json:"system_prompt_file,omitempty" jsonschema_description:"Markdown file whose text replaces the main agent's built-in role prompt (the environment, instructions and skills sections still follow)."`
	// AppendSystemPromptFile is added after the role prompt.
	AppendSystemPromptFile string `json:"append_system_prompt_file,omitempty" jsonschema_description:"Markdown file whose text is added after the main agent's role prompt."`
}

// TUI configures the full-screen interface.
type TUI struct {
	// Theme is auto, dark, light or high-contrast (default auto).
	Theme string `json:"theme,omitempty" jsonschema:"enum=auto,enum=dark,enum=light,enum=high-contrast" jsonschema_description:"Colors: auto (from the terminal's background), dark, light or high-contrast. NO_COLOR wins over every theme. /theme switches and saves it."`
	// Notify is how Hone gets attention while its terminal is not
	// focused: auto, bell, osc9, osc777 or off (default auto).
	Notify string `json:"notify,omitempty" jsonschema:"enum=auto,enum=bell,enum=osc9,enum=osc777,enum=off" jsonschema_description:"When a turn ends or a permission is needed while the terminal is not focused: auto (an OSC 9 notification in iTerm2, WezTerm, Ghostty and kitty, a bell elsewhere), bell, osc9, osc777 (urxvt, foot, GNOME Terminal) or off."`
}
