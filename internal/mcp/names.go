package mcp

import (
	"fmt"
	"hash/fnv"
	"path"
	"strings"
)

// maxToolName is the longest tool name every provider accepts.
const maxToolName = 64

// ToolName is the registry name of tool remote of server: mcp_<server>_<tool>,
// with characters providers reject replaced by '_' and over-long names
// shortened with a hash suffix so that they stay unique.
func ToolName(server, remote string) string {
	name := "mcp_" + sanitize(server) + "_" + sanitize(remote)
	if len(name) <= maxToolName {
		return name
	}
	h := fnv.New32a()
	h.Write([]byte(server + "\x00" + remote))
	suffix := fmt.Sprintf("_%08x", h.Sum32())
	return name[:maxToolName-len(suffix)] + suffix
}

// sanitize keeps ASCII letters, digits, '_' and '-', replacing the rest.
func sanitize(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

// toolFilter applies a server's enabled_tools and disabled_tools lists;
// entries are exact names or path.Match globs ("read_*").
type toolFilter struct {
	enabled  []string
	disabled []string
}

// allows reports whether the server tool called remote is offered.
func (f toolFilter) allows(remote string) bool {
	if len(f.enabled) > 0 && !matchAny(f.enabled, remote) {
		return false
	}
	return !matchAny(f.disabled, remote)
}

func matchAny(patterns []string, name string) bool {
	for _, p := range patterns {
		if p == name {
			return true
		}
		if ok, err := path.Match(p, name); err == nil && ok {
			return true
		}
	}
	return false
}
