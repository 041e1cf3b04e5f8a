package config

import (
	"fmt"
	"slices"
	"strings"
)

// ProviderTypes returns the accepted values of a provider's "type".
func ProviderTypes() []string {
	return []string{TypeOpenAI, TypeOpenAICompat, TypeAnthropic, TypeGemini, TypeFake}
}

// ReasoningEfforts returns the accepted values of "reasoning_effort".
func ReasoningEfforts() []string { return []string{"low", "medium", "high"} }

// PermissionModes returns the permission modes, from the loosest to the
// strictest.
func PermissionModes() []string {
	return []string{ModeYolo, ModeAuto, ModeAcceptEdits, ModeDefault, ModePlan}
}

func mcpTypes() []string { return []string{"stdio", "http", "sse"} }

// validateLayer checks what can be judged from one layer alone: provider
// types and names, model reference options, permission mode and rules,
// MCP server types.
func (d *layerDoc) validateLayer() {
	for _, name := range sortedKeys(d.cfg.Providers) {
		d.validateProvider(name, d.cfg.Providers[name])
	}
	d.validateRefs("models.large", d.cfg.Models.Large)
	d.validateRefs("models.small", d.cfg.Models.Small)
	d.validateRefs("models.fast", d.cfg.Models.Fast)
	d.validateRefs("models.plan", d.cfg.Models.Plan)
	routings := []string{RoutingLarge, RoutingEscalate}
	if r := d.cfg.Models.Routing; r != "" && !slices.Contains(routings, r) {
		d.error("models.routing", badValue("routing", r, routings))
	}
	d.validatePermissions(d.cfg.Permissions)
	d.validateHooks()
	for _, name := range sortedKeys(d.cfg.MCP) {
		if t := d.cfg.MCP[name].Type; t != "" && !slices.Contains(mcpTypes(), t) {
			d.error(joinKey(joinKey("mcp", name), "type"), badValue("MCP server type", t, mcpTypes()))
		}
		d.validateOAuth(joinKey(joinKey("mcp", name), "oauth"), d.cfg.MCP[name].OAuth)
	}
}

// validateOAuth checks the enumerated values of an MCP server's oauth.
func (d *layerDoc) validateOAuth(path string, o *MCPOAuth) {
	if o == nil {
		return
	}
	grants := []string{"authorization_code", "client_credentials"}
	if o.Grant != "" && !slices.Contains(grants, o.Grant) {
		d.error(joinKey(path, "grant"), badValue("grant", o.Grant, grants))
	}
	methods := []string{"none", "client_secret_basic", "client_secret_post", "private_key_jwt"}
	if m := o.TokenEndpointAuthMethod; m != "" && !slices.Contains(methods, m) {
		d.error(joinKey(path, "token_endpoint_auth_method"), badValue("token_endpoint_auth_method", m, methods))
	}
	if o.RedirectPort < 0 || o.RedirectPort > 65535 {
		d.error(joinKey(path, "redirect_port"), "redirect_port must be between 0 and 65535")
	}
}

func (d *layerDoc) validateProvider(name string, p Provider) {
	path := joinKey("providers", name)
	if strings.Contains(name, "/") || strings.TrimSpace(name) == "" {
		d.error(path, fmt.Sprintf("provider name %q must be non-empty and must not contain \"/\"", name))
	}
	if p.Type != "" && !slices.Contains(ProviderTypes(), p.Type) {
		d.error(joinKey(path, "type"), badValue("provider type", p.Type, ProviderTypes()))
	}
	seen := map[string]bool{}
	for i, m := range p.Models {
		mp := joinIndex(joinKey(path, "models"), i)
		switch {
		case m.ID == "":
			d.error(joinKey(mp, "id"), "missing model id")
		case seen[m.ID]:
			d.warn(joinKey(mp, "id"), fmt.Sprintf("duplicate model %q; the later entry wins", m.ID))
		}
		seen[m.ID] = true
		if m.ContextWindow < 0 || m.MaxTokens < 0 {
			d.error(mp, "context_window and max_tokens must not be negative")
		}
	}
}

func (d *layerDoc) validateRefs(path string, refs []ModelRef) {
	for i, r := range refs {
		p := joinIndex(path, i)
		if r.ReasoningEffort != "" && !slices.Contains(ReasoningEfforts(), r.ReasoningEffort) {
			d.error(joinKey(p, "reasoning_effort"), badValue("reasoning effort", r.ReasoningEffort, ReasoningEfforts()))
		}
		if r.MaxTokens < 0 {
			d.error(joinKey(p, "max_tokens"), "must not be negative")
		}
		if t := r.Temperature; t != nil && (*t < 0 || *t > 2) {
			d.error(joinKey(p, "temperature"), fmt.Sprintf("temperature %g is out of range (0 to 2)", *t))
		}
		if t := r.TopP; t != nil && (*t <= 0 || *t > 1) {
			d.error(joinKey(p, "top_p"), fmt.Sprintf("top_p %g is out of range (above 0, up to 1)", *t))
		}
	}
}

func (d *layerDoc) validatePermissions(p Permissions) {
	if _, ok := ModeStrictness(p.Mode); !ok {
		d.error("permissions.mode", badValue("permission mode", p.Mode, []string{ModeDefault, ModeAcceptEdits, ModeAuto, ModePlan, ModeYolo}))
	}
	for _, list := range []struct {
		path  string
		rules []string
	}{{"permissions.allow", p.Allow}, {"permissions.deny", p.Deny}, {"permissions.network", p.Network}} {
		for i, rule := range list.rules {
			if err := checkRule(rule); err != nil {
				d.error(joinIndex(list.path, i), err.Error())
			}
		}
	}
}

// badValue phrases an enum violation with the accepted values and, when
// one is close, a suggestion.
func badValue(what, got string, want []string) string {
	msg := fmt.Sprintf("unknown %s %q (want %s)", what, got, orList(want))
	if s := suggest(got, want); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return msg
}

// orList joins quoted-free items as "a, b or c".
func orList(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}
