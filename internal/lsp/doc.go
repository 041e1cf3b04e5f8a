// Package lsp runs language servers for the files the tools read and
// change, and turns what they know into tool output: the diagnostics of a
// file just edited (appended to the edit's result), and the diagnostics
// and references tools.
//
// A Manager is built from the `lsp` section of the config (plus gopls,
// detected on PATH, for Go modules). Servers start lazily, on the first
// file of their type, rooted at the nearest directory holding one of
// their root markers. The Manager keeps each server's view of open files
// in sync (didOpen, didChange with the full text, didSave) and caches the
// diagnostics servers push; servers that only answer pull requests
// (textDocument/diagnostic) are asked instead. A crashed or hung server
// is reported in its state and never holds a tool up longer than its
// timeout; Close shuts every server down and kills its process group.
package lsp
