package lsp

import (
	"context"
	"crypto/sha256"
	"errors"
	"io/fs"
	"os"
)

// document is what the server was last told about an open file.
type document struct {
	version int
	sum     [sha256.Size]byte
	// sentAt is the event count when this version was sent: diagnostics
	// of this version arrive after it.
	sentAt uint64
}

// syncDoc brings the server's view of path up to date with the disk:
// didOpen the first time, didChange (full text) when the content changed,
// didClose when the file is gone; save adds didSave when the server wants
// it. It returns the document state (nil when the file is closed).
func (c *client) syncDoc(ctx context.Context, path string, save bool) (*document, error) {
	uri := pathToURI(path)
	text, readErr := os.ReadFile(path)
	c.docMu.Lock()
	defer c.docMu.Unlock()
	c.mu.Lock()
	prev, seq := c.docs[uri], c.seq
	c.mu.Unlock()
	if readErr != nil {
		if prev != nil && errors.Is(readErr, fs.ErrNotExist) {
			c.forget(uri)
			return nil, c.notify(ctx, "textDocument/didClose", map[string]any{"textDocument": docID{URI: uri}})
		}
		return nil, readErr
	}
	doc := &document{version: 1, sum: sha256.Sum256(text), sentAt: seq}
	var err error
	switch {
	case prev == nil:
		err = c.notify(ctx, "textDocument/didOpen", didOpenParams{TextDocument: textDocumentItem{
			URI: uri, LanguageID: languageID(path), Version: 1, Text: string(text)}})
	case prev.sum != doc.sum:
		doc.version = prev.version + 1
		err = c.notify(ctx, "textDocument/didChange", didChangeParams{
			TextDocument:   versionedDocID{URI: uri, Version: doc.version},
			ContentChanges: []contentChange{{Text: string(text)}}})
	default:
		doc = prev
	}
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.docs[uri] = doc
	caps := c.caps
	c.mu.Unlock()
	if save && caps.save {
		p := didSaveParams{TextDocument: docID{URI: uri}}
		if caps.saveText {
			s := string(text)
			p.Text = &s
		}
		err = c.notify(ctx, "textDocument/didSave", p)
	}
	return doc, err
}

// forget drops an open document and its diagnostics.
func (c *client) forget(uri string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.docs, uri)
	delete(c.diags, uri)
}
