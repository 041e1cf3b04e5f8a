package tools

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/honecode/hone/internal/artifact"
	"github.com/honecode/hone/internal/fsguard"
	"github.com/honecode/hone/internal/llm"
	"golang.org/x/sys/unix"
)

//go:embed view.md
var viewDescription string

// Limits of one view call.
const (
	viewDefaultLimit = 2000
	viewMaxLineChars = 2000
	viewMaxOutput    = 256 << 10 // bytes of numbered lines per call
	binarySniffBytes = 8 << 10
)

type viewParams struct {
	FilePath string `json:"file_path" jsonschema_description:"Path of the file to read: absolute, or relative to the working directory."`
	Offset   int    `json:"offset,omitempty" jsonschema_description:"Number of lines to skip before reading (0-based line offset). Use it with limit to page through long files." jsonschema:"minimum=0"`
	Limit    int    `json:"limit,omitempty" jsonschema_description:"Maximum number of lines to return (default 2000)." jsonschema:"minimum=1"`
}

type viewTool struct {
	env    *Env
	schema json.RawMessage
}

func init() {
	register(func(env *Env) Tool { return &viewTool{env: env, schema: SchemaFor[viewParams]()} })
}

// Info describes view.
func (t *viewTool) Info() Info {
	return Info{Name: "view", Description: viewDescription, Schema: t.schema, Policy: PolicyReadOnly}
}

// Run reads a slice of a text file, or returns an image.
func (t *viewTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[viewParams](call)
	if err != nil {
		return Result{}, err
	}
	if strings.TrimSpace(p.FilePath) == "" {
		return ErrorResult("file_path is empty: give the path of the file to read."), nil
	}
	if p.Offset < 0 || p.Limit < 0 {
		return ErrorResult("offset and limit must not be negative."), nil
	}
	if p.Limit == 0 {
		p.Limit = viewDefaultLimit
	}
	target, res, ok := readAccess(ctx, t.env, "view", p.FilePath)
	if !ok {
		return res, nil
	}
	shown := shownPath(target)
	f, fi, msg := openRegular(target.Abs, shown)
	if gone := artifactGone(ctx, t.env, target.Abs); msg != "" && gone != "" && fi == nil {
		msg = gone
	}
	if msg != "" {
		return ErrorResult(msg), nil
	}
	defer f.Close()
	if media := llm.ImageMediaType(target.Abs); media != "" {
		return t.image(ctx, f, fi, target, media), nil
	}
	head := make([]byte, binarySniffBytes)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return ErrorResult(fmt.Sprintf("could not read %s: %v", shown, err)), nil
	}
	if bytes.IndexByte(head[:n], 0) >= 0 {
		return ErrorResult(fmt.Sprintf("%s is a binary file; view shows text files and images only.", shown)), nil
	}
	src, skipped := io.Reader(io.MultiReader(bytes.NewReader(head[:n]), f)), 0
	if text, ok, err := editorText(ctx, t.env, target.Abs); err != nil {
		return ErrorResult(fmt.Sprintf("could not read %s from the editor: %v", shown, err)), nil
	} else if ok {
		src = strings.NewReader(text) // the editor's buffer, unsaved changes included
	} else if ownArtifact(ctx, t.env, target.Abs) {
		src, skipped = seekArtifact(f, src, p.Offset)
	}
	ex, err := readExcerpt(ctx, src, p.Offset-skipped, p.Limit)
	ex.total += skipped
	if err != nil {
		return ErrorResult(fmt.Sprintf("could not read %s: %v", shown, err)), nil
	}
	recordRead(ctx, t.env, target.Abs, fi)
	if t.env.Watcher != nil {
		t.env.Watcher.Opened(ctx, target.Abs)
	}
	return Result{Content: ex.render(p.Offset), Display: Display{
		Kind: DisplayFile, Title: shown, Path: target.Abs, Body: strings.Join(ex.lines, "\n"), StartLine: p.Offset + 1,
	}}, nil
}

// openRegular opens abs for reading if it is a regular file, without
// blocking on FIFOs or devices and without following symbolic links. The
// message explains a refusal to the model.
func openRegular(abs, shown string) (*os.File, fs.FileInfo, string) {
	fi, err := os.Stat(abs)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil, didYouMean(abs, shown)
		}
		return nil, nil, fmt.Sprintf("could not open %s: %v", shown, err)
	}
	if msg := notRegular(fi, shown); msg != "" {
		return nil, nil, msg
	}
	f, err := fsguard.OpenFile(abs, os.O_RDONLY|unix.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, fmt.Sprintf("could not open %s: %v", shown, err)
	}
	if fi, err = f.Stat(); err != nil || notRegular(fi, shown) != "" { // swapped since the check
		f.Close()
		return nil, nil, fmt.Sprintf("%s changed while being opened; try again.", shown)
	}
	return f, fi, ""
}

// notRegular explains why fi is not a file view can read ("" if it is).
func notRegular(fi fs.FileInfo, shown string) string {
	m := fi.Mode()
	switch {
	case m.IsRegular():
		return ""
	case m.IsDir():
		return fmt.Sprintf("%s is a directory. Use ls to list its contents.", shown)
	case m&fs.ModeNamedPipe != 0:
		return fmt.Sprintf("%s is a named pipe (FIFO); view reads regular files only.", shown)
	case m&fs.ModeDevice != 0:
		return fmt.Sprintf("%s is a device; view reads regular files only.", shown)
	case m&fs.ModeSocket != 0:
		return fmt.Sprintf("%s is a socket; view reads regular files only.", shown)
	}
	return fmt.Sprintf("%s is not a regular file; view reads regular files only.", shown)
}

// seekArtifact starts reading a saved output near line offset using its
// line index, so that any part of a file of hundreds of megabytes is read
// at once. It returns the reader and how many lines it skipped.
func seekArtifact(f *os.File, whole io.Reader, offset int) (io.Reader, int) {
	at, pos := artifact.NearestLine(f.Name(), int64(offset))
	if at <= 0 {
		return whole, 0
	}
	if _, err := f.Seek(pos, io.SeekStart); err != nil {
		return whole, 0
	}
	return f, int(at)
}
