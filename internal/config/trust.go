package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/honecode/hone/internal/trust"
)

// TrustStore answers whether the user trusts a project's config with
// exactly the executable parts hash identifies; *trust.Store implements
// it.
type TrustStore interface {
	Trusted(dir, file, hash string) (bool, error)
}

// gateProject decides what the project layer contributes. It finds the
// parts that run programs or send data (trust.Fields decides) and asks the
// store whether the user trusts them; in an untrusted project those parts
// are taken out of the layer before anything expands or merges them.
// With mark set (hone config validate) the layer stays whole and each part
// gets a diagnostic instead.
func gateProject(docs []*layerDoc, loc *Locations, opts LoadOptions, cat *catalogSource, mark bool) trust.Decision {
	proj := projectDoc(docs)
	dec := trust.Decision{Dir: trust.Canonical(loc.ProjectDir)}
	ext := extensionParts(loc.ProjectDir)
	if proj == nil {
		dec.Parts = ext
		dec.Hash = trust.Hash(dec.Parts)
		dec.Trusted = !mark && len(ext) > 0 && askStore(opts.Trust, dec, nil)
		return dec
	}
	dec.File = filepath.Join(trust.Canonical(filepath.Dir(proj.Path)), filepath.Base(proj.Path))
	var g *gate
	var kept any
	if proj.decoded && len(bytes.TrimSpace(proj.clean)) > 0 {
		g = &gate{root: loc.ProjectDir, cwd: loc.WorkDir, userProvider: userProviders(docs, cat)}
		kept = g.run(proj.clean)
		dec.Parts = g.parts
	}
	dec.Parts = append(dec.Parts, ext...)
	slices.SortFunc(dec.Parts, func(a, b trust.Part) int { return strings.Compare(a.Path, b.Path) })
	dec.Hash = trust.Hash(dec.Parts)
	// Validation marks what the store says, also for a file it checks as
	// if named with --config.
	dec.Trusted = !mark && namedExplicitly(loc, proj.Path) || askStore(opts.Trust, dec, proj)
	switch {
	case g == nil:
	case mark:
		markParts(proj, dec)
	case !dec.Trusted:
		proj.apply(g, kept)
	}
	return dec
}

// run walks the layer's source; numbers stay as written.
func (g *gate) run(clean []byte) any {
	raw, err := decodeRaw(clean)
	if err != nil {
		return nil // parseLayer decoded it already; cannot happen
	}
	if obj, ok := raw.(map[string]any); ok {
		g.ownProviders, _ = obj["providers"].(map[string]any)
	}
	kept, _ := g.walk(raw, reflect.TypeFor[Config](), "", nil)
	slices.SortFunc(g.parts, func(a, b trust.Part) int { return strings.Compare(a.Path, b.Path) })
	return kept
}

// apply replaces the layer's config with what the gate kept.
func (d *layerDoc) apply(g *gate, kept any) {
	var cfg Config
	data, err := json.Marshal(kept)
	if err == nil {
		err = json.Unmarshal(data, &cfg)
	}
	if err != nil { // kept is a subset of valid config; cannot happen
		d.error("", "cannot drop the untrusted parts: "+err.Error())
		return
	}
	d.cfg, d.at = cfg, g.keepAt(d.at)
}

func projectDoc(docs []*layerDoc) *layerDoc {
	for _, d := range docs {
		if d.Kind == LayerProject {
			return d
		}
	}
	return nil
}

// namedExplicitly reports whether the user named the project's config
// file with --config: then it is the user's own layer.
func namedExplicitly(loc *Locations, path string) bool {
	return slices.ContainsFunc(loc.Layers, func(l Layer) bool { return l.Kind == LayerExplicit && l.Path == path })
}

// askStore asks the store; without one nothing is trusted. A store that
// cannot be read trusts nothing, with a warning when it mattered.
func askStore(store TrustStore, dec trust.Decision, proj *layerDoc) bool {
	if store == nil {
		return false
	}
	ok, err := store.Trusted(dec.Dir, dec.File, dec.Hash)
	if err != nil && len(dec.Parts) > 0 && proj != nil {
		proj.warn("", fmt.Sprintf("project treated as untrusted: %v", err))
	}
	return ok && err == nil
}

// userProviders reports whether a provider name is the user's: configured
// in the global or --config layer, or a catalog provider.
func userProviders(docs []*layerDoc, cat *catalogSource) func(string) bool {
	return func(name string) bool {
		for _, d := range docs {
			if _, ok := d.cfg.Providers[name]; ok && d.decoded && d.Kind != LayerProject {
				return true
			}
		}
		c, err := cat.get()
		if err != nil {
			return false
		}
		_, ok := c.Provider(name)
		return ok
	}
}

// markParts gives each executable part a diagnostic for `hone config
// validate`: a warning while the project is untrusted, a note once it is.
func markParts(proj *layerDoc, dec trust.Decision) {
	for _, p := range dec.Parts {
		if dec.Trusted {
			proj.diag(p.Path, "needs trust (trusted): "+p.Summary, SeverityNote)
			continue
		}
		proj.warn(p.Path, "needs trust: "+p.Summary+"; ignored until you trust this project (hone trust)")
	}
}
