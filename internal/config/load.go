package config

import (
	"context"
	"fmt"
	"os"

	"github.com/honecode/hone/configs"
	"github.com/honecode/hone/internal/trust"
)

// LoadOptions say where to look for config and how to read the
// environment.
type LoadOptions struct {
	// Cwd is the working directory (default: the process's).
	Cwd string
	// ConfigFile is the --config file, applied after global and project.
	ConfigFile string
	// Getenv reads environment variables (default os.Getenv).
	Getenv func(string) string
	// Catalog is the model catalog used to judge model references; nil
	// means the embedded one, parsed only if a reference needs it.
	Catalog *configs.Catalog
	// Flags are command-line overrides, the last layer.
	Flags Overrides
	// Trust says which projects the user trusts; nil trusts none. The
	// parts of an untrusted project's config that run programs or send
	// data are left out (see Loaded.Trust).
	Trust TrustStore
}

// Overrides are the command-line flags that change config.
type Overrides struct {
	// Model (-m provider/model) replaces the large role's candidates.
	Model string
	// SmallModel replaces the small role's candidates.
	SmallModel string
	// PermissionMode (yolo for --yolo) sets the mode like a user layer.
	PermissionMode string
}

func (o Overrides) empty() bool { return o == Overrides{} }

func (o LoadOptions) withDefaults() LoadOptions {
	if o.Getenv == nil {
		o.Getenv = os.Getenv
	}
	return o
}

// Loaded is the merged configuration with where it came from.
type Loaded struct {
	// Config is the merged config, environment references expanded. It
	// holds secrets (keys, and headers or env values built from them):
	// log Config.Redacted(), and never write Config to a file — write new
	// entries with $VAR references instead. Provider.MarshalJSON drops
	// literal api_key values as a safety net.
	Config Config
	// Layers are the files considered, in the order applied.
	Layers []Layer
	// Warnings are the non-fatal diagnostics of every layer.
	Warnings []Diagnostic
	// ProjectDir is the git root, or the working dir outside a repository.
	ProjectDir string
	// Trust is the decision on the project: its executable parts, and
	// whether they applied or were left out.
	Trust trust.Decision
}

// Load reads, validates and merges the config layers: global, project,
// --config, then flags (later wins; see mergeInto and mergePermissions for
// the rules). Any error diagnostic makes it fail with a *ValidationError
// holding every diagnostic found.
func Load(ctx context.Context, opts LoadOptions) (*Loaded, error) {
	r, err := load(ctx, opts, "", false)
	if err != nil {
		return nil, err
	}
	if HasErrors(r.diags) {
		return nil, &ValidationError{Diagnostics: r.diags}
	}
	out := &Loaded{Config: r.merged, ProjectDir: r.loc.ProjectDir, Trust: r.trust}
	for _, d := range r.docs {
		if d.Kind != LayerFlags {
			out.Layers = append(out.Layers, d.Layer)
		}
	}
	for _, d := range r.diags {
		if !d.IsError() {
			out.Warnings = append(out.Warnings, d)
		}
	}
	return out, nil
}

// Validate checks every config layer as Load would and returns all
// diagnostics, errors and warnings. The error is for failures to look,
// not for invalid config.
//
// Parts of the project config that need trust are validated too, and each
// is marked: a warning while the project is untrusted, a note once it is.
func Validate(ctx context.Context, opts LoadOptions) ([]Diagnostic, error) {
	r, err := load(ctx, opts, "", true)
	if err != nil {
		return nil, err
	}
	return r.diags, nil
}

// ValidateFile checks one file as if it were given with --config, in the
// context of the other layers (so it may name providers they configure),
// and returns the diagnostics of that file only.
func ValidateFile(ctx context.Context, opts LoadOptions, file string) ([]Diagnostic, error) {
	r, err := load(ctx, opts, file, true)
	if err != nil {
		return nil, err
	}
	var out []Diagnostic
	for _, d := range r.diags {
		if d.File == r.target {
			out = append(out, d)
		}
	}
	return out, nil
}

type loadResult struct {
	loc    *Locations
	docs   []*layerDoc
	merged Config
	diags  []Diagnostic
	target string
	trust  trust.Decision
}

// load runs the whole pipeline; file, when set, is validated as the
// explicit layer (unless it already is one of the layers). mark keeps the
// untrusted parts of the project config and marks them (validation).
func load(ctx context.Context, opts LoadOptions, file string, mark bool) (*loadResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("load config: %w", err)
	}
	opts = opts.withDefaults()
	if file != "" {
		opts.ConfigFile = file
	}
	loc, err := Locate(opts)
	if err != nil {
		return nil, fmt.Errorf("load config: %w", err)
	}
	r := &loadResult{loc: loc}
	cat := &catalogSource{cat: opts.Catalog}
	r.docs = readLayers(loc, &r.target)
	r.trust = gateProject(r.docs, loc, opts, cat, mark)
	r.docs = prepareLayers(r.docs, opts)
	for _, d := range r.docs {
		if !d.decoded {
			continue
		}
		mergeInto(&r.merged, &d.cfg, d.has)
		mergePermissions(&r.merged.Permissions, d.cfg.Permissions, d.Kind == LayerProject, d.warn)
	}
	if err := validateMerged(r.docs, &r.merged, cat, opts.Getenv); err != nil {
		return nil, err
	}
	for _, d := range r.docs {
		r.diags = append(r.diags, sortDiagnostics(d.diags)...)
	}
	r.addClaudeHooks(opts.Getenv)
	return r, nil
}

// addClaudeHooks puts the hooks of Claude Code's settings files before
// Hone's own: the user's ~/.claude/settings.json, then, in a trusted
// project, its .claude/settings.json and .claude/settings.local.json.
func (r *loadResult) addClaudeHooks(getenv func(string) string) {
	files := []string{claudeUserSettings(getenv)}
	if r.trust.Trusted {
		files = append(files, claudeProjectSettings(r.loc.ProjectDir)...)
	}
	var claude Hooks
	for _, f := range files {
		if f == "" {
			continue
		}
		h, _, diags := readClaudeHooks(f)
		claude = prependHooks(claude, h)
		r.diags = append(r.diags, diags...)
	}
	r.merged.Hooks = prependHooks(claude, r.merged.Hooks)
}
