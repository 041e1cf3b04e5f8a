package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/honecode/hone/internal/message"
)

// Export document identity: a reader checks both before trusting the rest.
const (
	ExportFormat  = "hone.session"
	ExportVersion = 1
)

// ErrExportFormat: the document is not a Hone session export this build
// can read.
var ErrExportFormat = errors.New("not a hone session export")

// Export is the JSON document `hone sessions export --format json` writes:
// the session, its messages in order and its turn trace, complete enough
// to import or replay. Fields are only ever added within a version.
type Export struct {
	Format     string            `json:"format"`
	Version    int               `json:"version"`
	ExportedAt int64             `json:"exported_at"` // unix ms
	Session    Session           `json:"session"`
	Messages   []message.Message `json:"messages"`
	Turns      []Turn            `json:"turns"`
	// Artifacts are the saved whole outputs of the session's cut tool
	// results, present only when asked for (sessions export --artifacts).
	Artifacts []ArtifactFile `json:"artifacts,omitempty"`
}

// ArtifactFile is one saved output in an export: its file name (as the
// tool results name it), size in bytes and text (invalid UTF-8 replaced).
type ArtifactFile struct {
	Name    string `json:"name"`
	Path    string `json:"path"`
	Size    int64  `json:"size"`
	Content string `json:"content"`
}

// NewExport assembles an export document.
func NewExport(s Session, msgs []message.Message, turns []Turn, exportedAt int64) Export {
	if msgs == nil {
		msgs = []message.Message{}
	}
	if turns == nil {
		turns = []Turn{}
	}
	return Export{
		Format: ExportFormat, Version: ExportVersion, ExportedAt: exportedAt,
		Session: s, Messages: msgs, Turns: turns,
	}
}

// Encode writes the document as indented JSON.
func (e Export) Encode(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(e); err != nil {
		return fmt.Errorf("encode session export: %w", err)
	}
	return nil
}

// DecodeExport reads a document written by Encode, refusing other formats
// and newer versions.
func DecodeExport(r io.Reader) (Export, error) {
	var e Export
	if err := json.NewDecoder(r).Decode(&e); err != nil {
		return Export{}, fmt.Errorf("decode session export: %w", err)
	}
	if e.Format != ExportFormat {
		return Export{}, fmt.Errorf("%w: format %q", ErrExportFormat, e.Format)
	}
	if e.Version < 1 || e.Version > ExportVersion {
		return Export{}, fmt.Errorf("%w: version %d (this build reads 1 to %d)", ErrExportFormat, e.Version, ExportVersion)
	}
	return e, nil
}
