package llm

import (
	"path/filepath"
	"strings"
)

// MaxImageBytes is the largest image Hone sends to a model; providers
// reject larger ones.
const MaxImageBytes = 5 << 20

// ImageMediaType returns the media type of an image file that providers
// accept, by its extension (png, jpeg, gif, webp), or "" for anything else.
func ImageMediaType(path string) string {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png":
		return "image/png"
	case ".jpg", ".jpeg":
		return "image/jpeg"
	case ".gif":
		return "image/gif"
	case ".webp":
		return "image/webp"
	}
	return ""
}
