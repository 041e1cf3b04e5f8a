package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
)

// initializeParams are what Hone tells a server about itself.
func initializeParams(root, version string, initOptions map[string]any) map[string]any {
	rootURI := pathToURI(root)
	p := map[string]any{
		"processId":        os.Getpid(),
		"clientInfo":       map[string]any{"name": "hone", "version": version},
		"rootUri":          rootURI,
		"rootPath":         root,
		"workspaceFolders": []any{map[string]any{"uri": rootURI, "name": filepath.Base(root)}},
		"capabilities": map[string]any{
			"general":   map[string]any{"positionEncodings": []string{"utf-16"}},
			"window":    map[string]any{"workDoneProgress": true},
			"workspace": map[string]any{"configuration": true, "workspaceFolders": true, "symbol": map[string]any{}},
			"textDocument": map[string]any{
				"synchronization":    map[string]any{"didSave": true},
				"publishDiagnostics": map[string]any{"versionSupport": true},
				"diagnostic":         map[string]any{"dynamicRegistration": true},
				"references":         map[string]any{},
			},
		},
	}
	if len(initOptions) > 0 {
		p["initializationOptions"] = initOptions
	}
	return p
}

// capabilities are the parts of a server's capabilities Hone uses.
type capabilities struct {
	pull          bool // answers textDocument/diagnostic
	workspacePull bool // answers workspace/diagnostic
	save          bool // wants didSave
	saveText      bool // wants the text with didSave
	references    bool
	symbols       bool
}

// parseCapabilities reads the capabilities of an initialize result.
func parseCapabilities(raw json.RawMessage) capabilities {
	var res struct {
		Capabilities struct {
			TextDocumentSync        json.RawMessage `json:"textDocumentSync"`
			DiagnosticProvider      json.RawMessage `json:"diagnosticProvider"`
			ReferencesProvider      json.RawMessage `json:"referencesProvider"`
			WorkspaceSymbolProvider json.RawMessage `json:"workspaceSymbolProvider"`
		} `json:"capabilities"`
	}
	_ = json.Unmarshal(raw, &res)
	c := res.Capabilities
	var caps capabilities
	caps.pull = present(c.DiagnosticProvider)
	var diag struct {
		WorkspaceDiagnostics bool `json:"workspaceDiagnostics"`
	}
	if json.Unmarshal(c.DiagnosticProvider, &diag) == nil {
		caps.workspacePull = diag.WorkspaceDiagnostics
	}
	var sync struct {
		Save json.RawMessage `json:"save"`
	}
	if json.Unmarshal(c.TextDocumentSync, &sync) == nil && present(sync.Save) {
		caps.save = true
		var save struct {
			IncludeText bool `json:"includeText"`
		}
		if json.Unmarshal(sync.Save, &save) == nil {
			caps.saveText = save.IncludeText
		}
	}
	caps.references = present(c.ReferencesProvider)
	caps.symbols = present(c.WorkspaceSymbolProvider)
	return caps
}

// present reports whether a capability is given and not false or null.
func present(raw json.RawMessage) bool {
	s := string(raw)
	return s != "" && s != "null" && s != "false"
}
