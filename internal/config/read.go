package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// readLayer reads a layer's file; a missing global or project file is an
// empty layer, a missing --config file an error diagnostic.
func readLayer(l Layer) *layerDoc {
	src, err := os.ReadFile(l.Path)
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

// readLayers reads, checks and expands each located layer, then the flags.
func readLayers(loc *Locations, opts LoadOptions, target *string) []*layerDoc {
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
		if d.decoded {
			expander{getenv: opts.Getenv, warn: d.warn}.expandConfig(&d.cfg)
			d.validateLayer()
		}
		docs = append(docs, d)
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
