package config

import "fmt"

// Web search backends (options.web_search.backend).
const (
	SearchSearXNG = "searxng"
	SearchBrave   = "brave"
	SearchTavily  = "tavily"
)

// WebSearch configures the web_search tool. The model's own search (the
// provider-native tool of the first large model's API) is used when that
// API has one, unless Native is false; otherwise Backend answers. With
// neither, the tool is not offered.
type WebSearch struct {
	Native  *bool  `json:"native,omitempty" jsonschema_description:"Use the search built into the active model's API (Anthropic, OpenAI Responses, Gemini) when it has one (default true)."`
	Backend string `json:"backend,omitempty" jsonschema:"enum=searxng,enum=brave,enum=tavily" jsonschema_description:"Search service used when the model's API has no search of its own: searxng (needs url), brave or tavily (need api_key)."`
	URL     string `json:"url,omitempty" jsonschema_description:"Endpoint of the backend: the SearXNG instance (required for searxng), or a replacement API root for brave and tavily. $VAR references expand."`
	APIKey  string `json:"api_key,omitempty" jsonschema_description:"API key of brave or tavily, best as a reference like $BRAVE_API_KEY."`
}

// NativeSearch reports whether the model's own search may be used.
func (w WebSearch) NativeSearch() bool { return w.Native == nil || *w.Native }

// Sourcegraph configures the sourcegraph tool.
type Sourcegraph struct {
	URL   string `json:"url,omitempty" jsonschema_description:"Sourcegraph instance to search (default https://sourcegraph.com). $VAR references expand."`
	Token string `json:"token,omitempty" jsonschema_description:"Access token for a private instance, best as a reference like $SRC_ACCESS_TOKEN."`
}

// expandSearch expands the web_search and sourcegraph fields that may
// reference the environment.
func (e expander) expandSearch(o *Options) {
	e.str("options.web_search.url", &o.WebSearch.URL)
	e.str("options.web_search.api_key", &o.WebSearch.APIKey)
	e.str("options.sourcegraph.url", &o.Sourcegraph.URL)
	e.str("options.sourcegraph.token", &o.Sourcegraph.Token)
}

// validateSearch reports a web_search backend that lacks what it needs.
func validateSearch(docs []*layerDoc, merged *Config) {
	w, path := merged.Options.WebSearch, "options.web_search"
	var missing string
	switch w.Backend {
	case SearchSearXNG:
		if w.URL == "" {
			missing = "url"
		}
	case SearchBrave, SearchTavily:
		if w.APIKey == "" {
			missing = "api_key"
		}
	}
	if missing != "" {
		lastWith(docs, path+".backend").error(path, fmt.Sprintf("missing %q for the %s backend", missing, w.Backend))
	}
}
