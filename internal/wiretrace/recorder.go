package wiretrace

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Kinds of records.
const (
	KindLLM = "llm"
	KindMCP = "mcp"
)

// Directions of records.
const (
	DirRequest  = "request"
	DirResponse = "response"
	DirChunk    = "chunk" // a piece of a streamed response body
	DirError    = "error"
	DirNotify   = "notification"
)

// Unattached names the file of records made outside any session (MCP
// handshakes, for instance).
const Unattached = "unattached"

// Record is one line of a wire trace.
type Record struct {
	Time   int64             `json:"ts"` // unix ms
	Kind   string            `json:"kind"`
	Dir    string            `json:"dir"`
	Server string            `json:"server,omitempty"` // MCP server name
	Method string            `json:"method,omitempty"`
	URL    string            `json:"url,omitempty"`
	Status int               `json:"status,omitempty"`
	Header map[string]string `json:"header,omitempty"`
	Body   string            `json:"body,omitempty"`
	Error  string            `json:"error,omitempty"`
}

// Recorder appends records to the trace file of their session.
type Recorder struct {
	dir    string
	redact func(string) string
	now    func() time.Time
	mu     sync.Mutex
}

// NewRecorder writes traces under dir; redact cleans every value first
// (nil keeps values as they are, for tests only).
func NewRecorder(dir string, redact func(string) string) *Recorder {
	if redact == nil {
		redact = func(s string) string { return s }
	}
	return &Recorder{dir: dir, redact: redact, now: time.Now}
}

// Path is the trace file of sessionID in dir ("" or an id with other
// characters than letters, digits, - and _: the unattached file).
func Path(dir, sessionID string) string {
	if !validID(sessionID) {
		sessionID = Unattached
	}
	return filepath.Join(dir, sessionID+".jsonl")
}

func validID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for _, r := range id {
		ok := r == '-' || r == '_' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
		if !ok {
			return false
		}
	}
	return true
}

// Write redacts rec and appends it to the file of sessionID (created
// 0600); the whole line passes the redaction function once more.
func (r *Recorder) Write(sessionID string, rec Record) error {
	rec = r.clean(rec)
	if rec.Time == 0 {
		rec.Time = r.now().UnixMilli()
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rec); err != nil {
		return fmt.Errorf("encode wire trace: %w", err)
	}
	line := []byte(r.redact(buf.String()))
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := os.MkdirAll(r.dir, 0o700); err != nil {
		return fmt.Errorf("wire trace: %w", err)
	}
	f, err := os.OpenFile(Path(r.dir, sessionID), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("wire trace: %w", err)
	}
	_, err = f.Write(line)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("wire trace: %w", err)
	}
	return nil
}

// clean redacts every value of rec.
func (r *Recorder) clean(rec Record) Record {
	rec.URL = r.redact(rec.URL)
	rec.Body = r.redact(rec.Body)
	rec.Error = r.redact(rec.Error)
	if rec.Header != nil {
		h := make(map[string]string, len(rec.Header))
		for k, v := range rec.Header {
			h[k] = r.redact(v)
		}
		rec.Header = h
	}
	return rec
}

// Files are the trace files of a directory; RemoveSession deletes a
// session's (session.Service.Delete calls it with the artifacts').
type Files struct{ Dir string }

// RemoveSession deletes the trace file of sessionID, if any.
func (f Files) RemoveSession(sessionID string) error {
	if !validID(sessionID) {
		return nil
	}
	if err := os.Remove(Path(f.Dir, sessionID)); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("remove wire trace: %w", err)
	}
	return nil
}
