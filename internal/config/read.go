package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"

	"github.com/honecode/hone/internal/fsguard"
)

// MaxFileBytes caps a config file: a bigger one is an error, so that a
// file linked to /dev/zero or a huge blob cannot exhaust memory.
const MaxFileBytes = 4 << 20

// ErrTooLarge is returned by ReadFile for a file over MaxFileBytes.
var ErrTooLarge = errors.New("larger than the limit")

// ReadFile reads a config file the bounded way: a regular file only (a
// named pipe or a device is refused without blocking: it is opened
// non-blocking and checked on the open descriptor) of at most
// MaxFileBytes. Errors are *fs.PathError naming the file.
func ReadFile(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, more, err := fsguard.ReadRegular(f, MaxFileBytes)
	if err != nil {
		return nil, err
	}
	if more {
		return nil, &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w of %d MiB", ErrTooLarge, MaxFileBytes>>20)}
	}
	return data, nil
}

// readLayer reads a layer's file; a missing global or project file is an
// empty layer, a missing --config file an error diagnostic.
func readLayer(l Layer) *layerDoc {
	src, err := ReadFile(l.Path)
	switch {
	case err == nil:
		l.Exists = true
		return parseLayer(l, src)
	case errors.Is(err, fs.ErrNotExist) && l.Kind != LayerExplicit:
		return &layerDoc{Layer: l, at: map[string]int{}, decoded: true}
	}
	d := &layerDoc{Layer: l, at: map[string]int{}}
	msg := err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		msg = "cannot read: " + pe.Err.Error()
	}
	d.diags = append(d.diags, Diagnostic{File: l.Path, Message: msg, Severity: SeverityError})
	return d
}

// readLayers reads and parses each located layer.
func readLayers(loc *Locations, target *string) []*layerDoc {
	var docs []*layerDoc
	for i, l := range loc.Layers {
		if l.Kind == LayerExplicit && dupLayer(loc.Layers[:i], l.Path) {
			*target = l.Path
			continue
		}
		if l.Kind == LayerExplicit {
			*target = l.Path
		}
		d := readLayer(l)
		if l.Kind == LayerProject {
			for _, p := range loc.Ignored {
				d.diags = append(d.diags, Diagnostic{File: d.Path, Severity: SeverityWarning,
					Message: fmt.Sprintf("%s is ignored because %s is in the same directory", p, HiddenFileName)})
			}
		}
		docs = append(docs, d)
	}
	return docs
}

// prepareLayers expands and checks each layer (after the project layer
// was gated), then adds the flags.
func prepareLayers(docs []*layerDoc, opts LoadOptions) []*layerDoc {
	for _, d := range docs {
		if d.decoded {
			expander{getenv: opts.Getenv, warn: d.warn}.expandConfig(&d.cfg)
			d.validateLayer()
		}
	}
	if !opts.Flags.empty() {
		d := flagsLayer(opts.Flags)
		d.validateLayer()
		docs = append(docs, d)
	}
	return docs
}

func dupLayer(layers []Layer, path string) bool {
	for _, l := range layers {
		if l.Path == path {
			return true
		}
	}
	return false
}

// flagsLayer turns command-line overrides into a layer.
func flagsLayer(o Overrides) *layerDoc {
	d := &layerDoc{Layer: Layer{Kind: LayerFlags, Path: "command line"}, at: map[string]int{}, decoded: true}
	set := func(paths ...string) {
		for _, p := range paths {
			d.at[p] = 0
		}
	}
	if o.Model != "" {
		d.cfg.Models.Large = []ModelRef{{Model: o.Model}}
		set("models", "models.large")
	}
	if o.SmallModel != "" {
		d.cfg.Models.Small = []ModelRef{{Model: o.SmallModel}}
		set("models", "models.small")
	}
	if o.PermissionMode != "" {
		d.cfg.Permissions.Mode = o.PermissionMode
		set("permissions", "permissions.mode")
	}
	return d
}
