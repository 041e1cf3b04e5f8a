package config

import (
	"fmt"

	"github.com/honecode/hone/configs"
)

// validateMerged checks what needs every layer: that model references
// name a configured provider, that providers outside the catalog have a
// type, and that MCP and LSP servers have what they need to start. Each
// problem is reported in the layer that wrote the offending value.
func validateMerged(docs []*layerDoc, merged *Config, cat *catalogSource, getenv func(string) string) error {
	for _, d := range docs {
		for _, role := range []struct {
			path string
			refs []ModelRef
		}{{"models.large", d.cfg.Models.Large}, {"models.small", d.cfg.Models.Small},
			{"models.fast", d.cfg.Models.Fast}, {"models.plan", d.cfg.Models.Plan}} {
			for i, ref := range role.refs {
				if err := checkRefProvider(d, joinIndex(role.path, i), ref, merged, cat, getenv); err != nil {
					return err
				}
			}
		}
	}
	for _, name := range sortedKeys(merged.Providers) {
		if merged.Providers[name].Type != "" {
			continue
		}
		c, err := cat.get()
		if err != nil {
			return fmt.Errorf("validate config: %w", err)
		}
		if _, ok := c.Provider(name); !ok {
			path := joinKey("providers", name)
			lastWith(docs, path).error(path, fmt.Sprintf("missing \"type\" (want %s); it is required for a provider that is not in the catalog", orList(ProviderTypes())))
		}
	}
	validateServers(docs, merged)
	validateSearch(docs, merged)
	return nil
}

// checkRefProvider reports a model reference whose provider is neither
// configured nor a catalog provider usable from the environment.
func checkRefProvider(d *layerDoc, path string, ref ModelRef, merged *Config, cat *catalogSource, getenv func(string) string) error {
	name, _, ok := SplitModelRef(ref.Model)
	if !ok {
		return badRefSyntax(d, path, ref.Model, cat)
	}
	if p, ok := merged.Providers[name]; ok {
		if p.Disabled {
			d.warn(path, fmt.Sprintf("provider %q is disabled", name))
		}
		return nil
	}
	c, err := cat.get()
	if err != nil {
		return fmt.Errorf("validate config: %w", err)
	}
	cp, known := c.Provider(name)
	switch {
	case known && catalogEnabled(cp, getenv):
	case known && cp.APIKeyEnv != "":
		d.error(path, fmt.Sprintf("provider %q is not configured (set %s or add providers.%s)", name, cp.APIKeyEnv, name))
	default:
		d.error(path, fmt.Sprintf("provider %q is not configured", name))
	}
	return nil
}

// badRefSyntax reports a reference that is not "provider/model",
// suggesting the catalog provider that has a model of that id.
func badRefSyntax(d *layerDoc, path, ref string, cat *catalogSource) error {
	msg := fmt.Sprintf("model reference %q must have the form \"provider/model\"", ref)
	c, err := cat.get()
	if err != nil {
		return fmt.Errorf("validate config: %w", err)
	}
	for _, p := range c.Providers {
		if _, ok := p.Model(ref); ok && ref != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", p.ID+"/"+ref)
			break
		}
	}
	d.error(path, msg)
	return nil
}

// catalogEnabled reports whether a catalog provider is usable with no
// config: its key variable is set, or it is local (keyless).
func catalogEnabled(p configs.Provider, getenv func(string) string) bool {
	return p.Local || p.APIKeyEnv != "" && getenv(p.APIKeyEnv) != ""
}

// validateServers checks that enabled MCP and LSP servers can start.
func validateServers(docs []*layerDoc, merged *Config) {
	for _, name := range sortedKeys(merged.MCP) {
		s, path := merged.MCP[name], joinKey("mcp", name)
		switch t := MCPType(s); {
		case s.Disabled:
		case t == "stdio" && s.Command == "":
			lastWith(docs, path).error(path, "missing \"command\" for a stdio server")
		case t != "stdio" && s.URL == "":
			lastWith(docs, path).error(path, fmt.Sprintf("missing \"url\" for an %s server", t))
		}
	}
	for _, name := range sortedKeys(merged.LSP) {
		s, path := merged.LSP[name], joinKey("lsp", name)
		if !s.Disabled && s.Command == "" {
			lastWith(docs, path).error(path, "missing \"command\"")
		}
	}
}

// MCPType is the server's transport: its "type", else http when it has a
// URL, else stdio.
func MCPType(s MCPServer) string {
	switch {
	case s.Type != "":
		return s.Type
	case s.URL != "":
		return "http"
	}
	return "stdio"
}

// lastWith returns the last layer that holds path (the one whose value
// won), or the last layer.
func lastWith(docs []*layerDoc, path string) *layerDoc {
	for i := len(docs) - 1; i >= 0; i-- {
		if docs[i].has(path) {
			return docs[i]
		}
	}
	return docs[len(docs)-1]
}

// catalogSource parses the embedded catalog only when first needed.
type catalogSource struct {
	cat *configs.Catalog
	err error
}

func (c *catalogSource) get() (*configs.Catalog, error) {
	if c.cat == nil && c.err == nil {
		c.cat, c.err = configs.Default()
	}
	return c.cat, c.err
}
