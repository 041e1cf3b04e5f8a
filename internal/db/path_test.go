package db_test

import (
	"path/filepath"
	"testing"

	"github.com/honecode/hone/internal/db"
)

func TestDefaultPathFrom(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"hone data dir wins", map[string]string{"HONE_DATA_DIR": "/d", "XDG_DATA_HOME": "/x", "HOME": "/h"}, "/d/hone.db"},
		{"xdg data home", map[string]string{"XDG_DATA_HOME": "/x", "HOME": "/h"}, "/x/hone/hone.db"},
		{"relative xdg ignored", map[string]string{"XDG_DATA_HOME": "rel", "HOME": "/h"}, "/h/.local/share/hone/hone.db"},
		{"home fallback", map[string]string{"HOME": "/h"}, "/h/.local/share/hone/hone.db"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := db.DefaultPathFrom(func(k string) string { return tt.env[k] })
			if err != nil {
				t.Fatal(err)
			}
			if got != filepath.FromSlash(tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
