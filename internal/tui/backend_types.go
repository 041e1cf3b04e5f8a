package tui

// Attachment is a file or pasted text sent with a prompt. The TUI reads
// files itself (in a command) before calling Agent.Run, so Data is always
// set.
type Attachment struct {
	// Name is what the user saw: a path relative to the working dir, or
	// "paste-1.txt" for pasted text.
	Name string
	// Path is the absolute path of a file attachment ("" for a paste).
	Path string
	// MediaType is "text/plain" for text and pastes, "image/png" etc. for
	// images (meant for vision models; the agent strips them otherwise).
	MediaType string
	Data      []byte
}

// IsImage reports whether the attachment is an image.
func (a Attachment) IsImage() bool {
	return len(a.MediaType) > 6 && a.MediaType[:6] == "image/"
}

// UndoResult lists what UndoLastTurn restored.
type UndoResult struct {
	Restored []string
	Deleted  []string
}

// FileChange is one file changed in a session, with line counts.
type FileChange struct {
	Path    string
	Added   int
	Removed int
}

// FileVersion is one recorded version of a file the session changed.
type FileVersion struct {
	Path  string // absolute
	Shown string // relative to the project when inside it
	// Version counts the file's versions from 1.
	Version int64
	// Absent: the file did not exist in this version.
	Absent bool
	// First: the file as the session first found it (no Diff).
	First bool
	// Diff is the unified diff from the previous version.
	Diff           string
	Added, Removed int
	CreatedAt      int64 // Unix ms
}

// ServerStatus is the state of one MCP or LSP server.
type ServerStatus struct {
	Name string
	// Kind is "mcp" or "lsp".
	Kind string
	// State is a short word: "starting", "ready", "error", "disabled",
	// "needs login" (an MCP server waiting for `hone mcp login NAME`).
	State string
	Error string
}

// ModelRole names a model role.
type ModelRole string

// Model roles.
const (
	RoleLarge ModelRole = "large"
	RoleSmall ModelRole = "small"
)

// ModelChoice is one model of a usable provider.
type ModelChoice struct {
	// Ref is "provider/model-id".
	Ref            string
	Name           string
	ContextWindow  int
	SupportsImages bool
	// CostIn and CostOut are USD per million tokens (0 when unknown).
	CostIn  float64
	CostOut float64
}

// ModelState is the current model selection.
type ModelState struct {
	// Large and Small are the refs of the roles' first usable candidate
	// ("" when none).
	Large, Small string
	// LargeContextWindow is the context window of Large in tokens (0 when
	// unknown), for the sidebar's context gauge.
	LargeContextWindow int
	Choices            []ModelChoice
}

// ProviderInfo is a supported provider as the onboarding screen lists it.
type ProviderInfo struct {
	// Name is the provider name used in model refs ("anthropic").
	Name string
	// Type is the config provider type ("anthropic", "openai-compat"…).
	Type string
	// EnvVar is the environment variable holding its key ("" for none).
	EnvVar string
	// KeySet reports whether EnvVar is set in the environment.
	KeySet bool
	// DefaultLarge and DefaultSmall are the catalog's default model ids.
	DefaultLarge, DefaultSmall string
	// Models are the catalog's model ids for this provider.
	Models []string
}

// SetupStatus says whether onboarding is needed.
type SetupStatus struct {
	// Ready is true when at least one usable provider supplies a large
	// model; the TUI then skips onboarding.
	Ready     bool
	Providers []ProviderInfo
}

// OllamaInfo is the result of probing a local Ollama.
type OllamaInfo struct {
	Found bool
	// BaseURL is the OpenAI-compatible endpoint to write to the config
	// ("http://localhost:11434/v1").
	BaseURL string
	// Models are the ids of the models pulled into that Ollama.
	Models []string
}

// ProviderSelection is what onboarding writes to the global config.
type ProviderSelection struct {
	Provider string
	Type     string
	// BaseURL is set for local servers such as Ollama.
	BaseURL string
	// APIKeyRef is "$ENV_VAR" ("" for keyless local servers).
	APIKeyRef string
	// APIKey is a key the user pasted for APIKeyRef's variable ("" when
	// the variable is set): SaveSetup keeps it in the 0600 secrets file.
	// Never log or show it.
	APIKey string
	// Large and Small are model ids of that provider.
	Large, Small string
}
