// Package websearch answers web searches for the web_search tool: through
// the search built into a model provider's API (Native: Anthropic's
// web_search tool, OpenAI Responses' web_search, Gemini's Google Search
// grounding), or through a search service (SearXNG, Brave, Tavily). Every
// backend's results pass the same domain filter and count limit.
package websearch
