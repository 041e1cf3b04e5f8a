package tools

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strings"

	"github.com/honecode/hone/internal/fsguard"
	"github.com/honecode/hone/internal/llm"
)

// image returns the image in f as an image part for vision models.
func (t *viewTool) image(ctx context.Context, f io.Reader, fi fs.FileInfo, target fsguard.Resolved, media string) Result {
	shown := shownPath(target)
	if fi.Size() > llm.MaxImageBytes {
		return ErrorResult(fmt.Sprintf("%s is too large to view as an image (%d bytes; the limit is %d).", shown, fi.Size(), llm.MaxImageBytes))
	}
	data, err := io.ReadAll(io.LimitReader(f, llm.MaxImageBytes+1))
	if err != nil {
		return ErrorResult(fmt.Sprintf("could not read %s: %v", shown, err))
	}
	if sniffed := http.DetectContentType(data); !strings.HasPrefix(sniffed, "image/") {
		return ErrorResult(fmt.Sprintf("%s has an image extension but its content is %s.", shown, sniffed))
	}
	recordRead(ctx, t.env, target.Abs, fi)
	msg := fmt.Sprintf("Image %s (%s, %d bytes) is attached.", shown, media, len(data))
	return Result{
		Content: msg,
		Images:  []llm.Part{{Type: llm.PartImage, MediaType: media, Data: data}},
		Display: Display{Kind: DisplayFile, Title: shown, Path: target.Abs, Body: msg},
	}
}
