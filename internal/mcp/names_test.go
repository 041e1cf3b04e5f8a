package mcp

import (
	"strings"
	"testing"
	"time"
)

func TestToolName(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ server, remote, want string }{
		{"fs", "read_file", "mcp_fs_read_file"},
		{"git hub", "issues.list", "mcp_git_hub_issues_list"},
		{"every", "get-sum", "mcp_every_get-sum"},
	} {
		if got := ToolName(tc.server, tc.remote); got != tc.want {
			t.Errorf("ToolName(%q, %q) = %q, want %q", tc.server, tc.remote, got, tc.want)
		}
	}
	long := strings.Repeat("x", 80)
	a, b := ToolName("srv", long+"a"), ToolName("srv", long+"b")
	if len(a) != maxToolName || len(b) != maxToolName || a == b || !strings.HasPrefix(a, "mcp_srv_xxx") {
		t.Errorf("long names %q %q", a, b)
	}
}

func TestToolFilter(t *testing.T) {
	t.Parallel()
	f := toolFilter{enabled: []string{"read_*", "list"}, disabled: []string{"read_secret"}}
	for name, want := range map[string]bool{"read_file": true, "list": true, "read_secret": false, "write": false} {
		if got := f.allows(name); got != want {
			t.Errorf("allows(%q) = %v", name, got)
		}
	}
	if !(toolFilter{}).allows("anything") {
		t.Error("an empty filter allows everything")
	}
}

func TestBackoff(t *testing.T) {
	t.Parallel()
	var b backoff
	var waits []time.Duration
	for range 8 {
		b.lost(time.Second)
		waits = append(waits, time.Until(b.next).Round(time.Second))
	}
	want := []time.Duration{0, 1, 2, 4, 8, 16, 30, 30}
	for i, w := range want {
		if waits[i] != w*time.Second {
			t.Fatalf("waits %v, want %v seconds", waits, want)
		}
	}
	b.lost(2 * time.Minute) // stayed up: start over
	if time.Until(b.next) > 0 {
		t.Error("a server that stayed up a minute restarts at once")
	}
}
