package permission

import (
	"slices"
	"strings"
	"testing"
)

func TestMergeLayers(t *testing.T) {
	t.Parallel()
	global := Rules{Mode: ModeAcceptEdits, Allow: []string{"bash(go test*)"}, Deny: []string{"bash(rm*)"}}
	project := Rules{Mode: ModeYolo, Allow: []string{"bash", "bash(go test*)"}, Deny: []string{"fetch"}}
	got, warnings := MergeLayers(global, project)
	if got.Mode != ModeAcceptEdits {
		t.Errorf("Mode = %q, want the global accept-edits (project yolo is looser)", got.Mode)
	}
	if !slices.Equal(got.Allow, []string{"bash(go test*)"}) {
		t.Errorf("Allow = %q", got.Allow)
	}
	if !slices.Equal(got.Deny, []string{"bash(rm*)", "fetch"}) {
		t.Errorf("Deny = %q", got.Deny)
	}
	if len(warnings) != 2 || !strings.Contains(warnings[0], `"bash"`) || !strings.Contains(warnings[1], "yolo") {
		t.Errorf("warnings = %q", warnings)
	}

	cases := []struct {
		global, project, want Mode
	}{
		{"", ModePlan, ModePlan},
		{ModeYolo, ModeDefault, ModeDefault},
		{ModeDefault, ModeAcceptEdits, ModeDefault},
		{"", ModeYolo, ""},
		{ModePlan, ModeDefault, ModePlan},
		{ModeDefault, "", ModeDefault},
	}
	for _, tc := range cases {
		got, _ := MergeLayers(Rules{Mode: tc.global}, Rules{Mode: tc.project})
		if got.Mode != tc.want {
			t.Errorf("MergeLayers(mode %q, %q) = %q, want %q", tc.global, tc.project, got.Mode, tc.want)
		}
	}
	if _, w := MergeLayers(Rules{}, Rules{Mode: "weird"}); len(w) != 1 {
		t.Errorf("unknown project mode: warnings %q", w)
	}
}
