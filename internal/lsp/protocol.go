package lsp

import (
	"encoding/json"
	"net/url"
	"path/filepath"
	"strings"
)

// The subset of the Language Server Protocol Hone speaks, as wire types.

// Position is a zero-based line and UTF-16 character offset.
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is a span of a document.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Location is a range in a document.
type Location struct {
	URI   string `json:"uri"`
	Range Range  `json:"range"`
}

// Severity of a diagnostic.
type Severity int

// Severities, most severe first.
const (
	SeverityError       Severity = 1
	SeverityWarning     Severity = 2
	SeverityInformation Severity = 3
	SeverityHint        Severity = 4
)

// String is the lowercase name of s ("error").
func (s Severity) String() string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	case SeverityInformation:
		return "info"
	case SeverityHint:
		return "hint"
	}
	return "error" // servers may omit it; clients treat it as an error
}

// Diagnostic is one problem a server reported.
type Diagnostic struct {
	Range    Range           `json:"range"`
	Severity Severity        `json:"severity,omitempty"`
	Code     json.RawMessage `json:"code,omitempty"`
	Source   string          `json:"source,omitempty"`
	Message  string          `json:"message"`
}

type textDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int    `json:"version"`
	Text       string `json:"text"`
}

type docID struct {
	URI string `json:"uri"`
}

type versionedDocID struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
}

type didOpenParams struct {
	TextDocument textDocumentItem `json:"textDocument"`
}

type contentChange struct {
	Text string `json:"text"`
}

type didChangeParams struct {
	TextDocument   versionedDocID  `json:"textDocument"`
	ContentChanges []contentChange `json:"contentChanges"`
}

type didSaveParams struct {
	TextDocument docID   `json:"textDocument"`
	Text         *string `json:"text,omitempty"`
}

type publishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int         `json:"version,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

type documentDiagnosticParams struct {
	TextDocument docID `json:"textDocument"`
}

// documentDiagnosticReport is a pull answer: kind "full" with items, or
// "unchanged" (the items last reported still hold).
type documentDiagnosticReport struct {
	Kind  string       `json:"kind"`
	Items []Diagnostic `json:"items"`
}

type referenceParams struct {
	TextDocument docID    `json:"textDocument"`
	Position     Position `json:"position"`
	Context      struct {
		IncludeDeclaration bool `json:"includeDeclaration"`
	} `json:"context"`
}

type workspaceSymbolParams struct {
	Query string `json:"query"`
}

// symbolInformation is a workspace/symbol answer entry (servers may also
// answer WorkspaceSymbol, whose location may lack a range).
type symbolInformation struct {
	Name          string   `json:"name"`
	Kind          int      `json:"kind"`
	ContainerName string   `json:"containerName,omitempty"`
	Location      Location `json:"location"`
}

// pathToURI converts an absolute path to a file URI.
func pathToURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// uriToPath converts a file URI to a path ("" for other schemes).
func uriToPath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	return filepath.FromSlash(u.Path)
}

// languageID is the LSP language id of a file: the extension, except
// where the protocol names the language otherwise.
func languageID(path string) string {
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	switch ext {
	case "ts", "mts", "cts":
		return "typescript"
	case "tsx":
		return "typescriptreact"
	case "js", "mjs", "cjs":
		return "javascript"
	case "jsx":
		return "javascriptreact"
	case "py":
		return "python"
	case "rs":
		return "rust"
	case "rb":
		return "ruby"
	case "cc", "cxx", "hpp", "hh":
		return "cpp"
	case "h":
		return "c"
	case "cs":
		return "csharp"
	case "kt", "kts":
		return "kotlin"
	case "sh", "bash":
		return "shellscript"
	case "md":
		return "markdown"
	case "yml":
		return "yaml"
	case "ex", "exs":
		return "elixir"
	case "hs":
		return "haskell"
	}
	return ext
}
