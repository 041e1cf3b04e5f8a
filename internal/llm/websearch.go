package llm

// WebSearch asks the provider to search the web itself, with its
// server-side search tool (Anthropic web_search, OpenAI Responses
// web_search, Gemini Google Search grounding). Adapters without one ignore
// it; those with one report what was found as EventWebResults.
type WebSearch struct {
	// MaxUses bounds the searches of one response (0: the provider's
	// default).
	MaxUses int
	// AllowedDomains and BlockedDomains restrict the results where the
	// provider supports it; callers filter the results again.
	AllowedDomains []string
	BlockedDomains []string
}

// EventWebResults carries pages a provider's own web search found or its
// answer cited (Event.WebResults); it may come several times per response.
const EventWebResults EventType = "web_results"

// WebResult is one page found by a provider's web search. Snippet is text
// from the page (a cited passage) when the provider gives one; Query is
// the search that found it, when known; Error is set instead of the rest
// when the search failed.
type WebResult struct {
	Title   string
	URL     string
	Snippet string
	PageAge string
	Query   string
	Error   string
}
