package tui

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/tui/editor"
)

// MaxAttachmentBytes bounds one attached file.
const MaxAttachmentBytes = 5 << 20

// readAttachments reads the files the user attached (relative to workDir)
// and turns pastes into text attachments.
func readAttachments(workDir string, in []editor.Attachment) ([]Attachment, error) {
	out := make([]Attachment, 0, len(in))
	for _, a := range in {
		if a.Path == "" {
			out = append(out, Attachment{Name: a.Name, MediaType: "text/plain", Data: []byte(a.Text)})
			continue
		}
		abs := a.Path
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(workDir, a.Path)
		}
		info, err := os.Stat(abs)
		if err != nil {
			return nil, fmt.Errorf("attach %s: %w", a.Path, err)
		}
		if info.Size() > MaxAttachmentBytes {
			return nil, fmt.Errorf("attach %s: file is larger than %d MB", a.Path, MaxAttachmentBytes>>20)
		}
		data, err := os.ReadFile(abs)
		if err != nil {
			return nil, fmt.Errorf("attach %s: %w", a.Path, err)
		}
		mt := llm.ImageMediaType(abs)
		if mt == "" {
			mt = "text/plain"
		}
		out = append(out, Attachment{Name: a.Path, Path: abs, MediaType: mt, Data: data})
	}
	return out, nil
}
