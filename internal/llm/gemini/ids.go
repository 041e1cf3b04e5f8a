package gemini

import (
	"crypto/rand"
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/honecode/hone/internal/llm"
)

// Tool-call id prefixes. An id the API gave is kept behind apiIDPrefix so
// that it, and only it, goes back to the API; ids of other providers'
// calls (after a failover) and synthesized ones never do.
const (
	synthPrefix = "hone-gemini-call-"
	apiIDPrefix = "hone-gemini-id-"
)

// idSource names the function calls of one response.
type idSource struct {
	base string // response id, or random hex when there is none
	n    int
	used llm.CallIDs
}

// next returns the id of the response's next call: the API's own when it
// gave one that no earlier call of the response had, else a synthesized
// one.
func (s *idSource) next(apiGiven, responseID string) string {
	s.n++
	if apiGiven != "" && !s.used.Seen(apiIDPrefix+apiGiven) {
		return s.used.Use(apiIDPrefix + apiGiven)
	}
	if s.base == "" {
		s.base = responseID
		if s.base == "" {
			var b [8]byte
			_, _ = rand.Read(b[:])
			s.base = hex.EncodeToString(b[:])
		}
	}
	return s.used.Use(synthPrefix + s.base + "-" + strconv.Itoa(s.n))
}

// apiID is the id to send back for a call: the API's own, or "".
func apiID(id string) string {
	if rest, ok := strings.CutPrefix(id, apiIDPrefix); ok {
		return rest
	}
	return ""
}
