package gemini

import (
	"fmt"
	"net/http"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/remote"
)

// SpecType is the remote.Spec type of a Gemini provider.
const SpecType = "gemini"

// FromSpec builds the Client of a configured Gemini provider on hc: in
// hone-full directly, and in the hone-gemini helper, whose hc sends every
// request back to hone (see internal/llm/remote). Vertex reads the
// options "project" and "location".
func FromSpec(s remote.Spec, hc *http.Client) (llm.Provider, error) {
	if s.Type != SpecType {
		return nil, fmt.Errorf("provider %s: type %q is not served here (only %q)", s.Name, s.Type, SpecType)
	}
	o := Options{Name: s.Name, BaseURL: s.BaseURL, APIKey: s.APIKey, Headers: s.Headers, HTTPClient: hc, Vertex: s.Vertex}
	o.Project, _ = s.Options["project"].(string)
	o.Location, _ = s.Options["location"].(string)
	return New(o), nil
}
