package llm

import "testing"

func TestImageMediaType(t *testing.T) {
	t.Parallel()
	for path, want := range map[string]string{
		"a.png": "image/png", "b.JPG": "image/jpeg", "c.jpeg": "image/jpeg", "d.gif": "image/gif",
		"e.webp": "image/webp", "f.svg": "", "g": "", "h.png.txt": "",
	} {
		if got := ImageMediaType(path); got != want {
			t.Errorf("ImageMediaType(%q) = %q, want %q", path, got, want)
		}
	}
}
