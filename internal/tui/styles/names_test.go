package styles

import "testing"

func TestNamedThemes(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name     string
		bgDark   bool
		wantDark bool
	}{
		{Auto, true, true}, {Auto, false, false}, {"", false, false},
		{Dark, false, true}, {Light, true, false},
		{HighContrast, true, true}, {HighContrast, false, false},
	} {
		th, err := Named(tt.name, tt.bgDark, false)
		if err != nil || th.Dark != tt.wantDark || (tt.name != "" && th.Name != tt.name) {
			t.Errorf("Named(%q, %v) = %+v, %v", tt.name, tt.bgDark, th, err)
		}
	}
	if th, _ := Named(HighContrast, true, true); !th.NoColor {
		t.Error("NO_COLOR does not win over the high-contrast theme")
	}
	if _, err := Named("solarized", true, false); err == nil {
		t.Error("an unknown theme name is accepted")
	}
}
