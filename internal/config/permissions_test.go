package config

import (
	"errors"
	"testing"
)

func TestCheckRule(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{"edit", "bash(go test*)", "edit(src/**)", "mcp_fs_*", "bash(echo (a))", " edit ", "read?", "bash( x )"} {
		if err := checkRule(ok); err != nil {
			t.Errorf("checkRule(%q) = %v", ok, err)
		}
	}
	for _, bad := range []string{"", " ", "bash(", "bash(x", "bash()", "(x)", "a b", "edit(x)y", "my.tool", "edit([)"} {
		if err := checkRule(bad); !errors.Is(err, ErrBadRule) {
			t.Errorf("checkRule(%q) = %v, want ErrBadRule", bad, err)
		}
	}
}

func TestModeStrictness(t *testing.T) {
	t.Parallel()
	order := PermissionModes()
	for i := 1; i < len(order); i++ {
		a, _ := ModeStrictness(order[i-1])
		b, _ := ModeStrictness(order[i])
		if a >= b {
			t.Errorf("%s should be looser than %s", order[i-1], order[i])
		}
	}
	if d, ok := ModeStrictness(""); !ok || d != 3 {
		t.Errorf("empty mode = %d, %v; want default", d, ok)
	}
	if _, ok := ModeStrictness("open"); ok {
		t.Error("unknown mode accepted")
	}
}
