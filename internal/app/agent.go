package app

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/artifact"
	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/extend"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/lsp"
	"github.com/honecode/hone/internal/mcp"
	"github.com/honecode/hone/internal/mcpauth"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/tools"
)

// services is what Agent builds once: the permission service, the tool
// registry and the Coordinator that uses both.
type services struct {
	perms   *permission.Service
	tools   *tools.Registry
	coord   *agent.Coordinator
	clients *clients
	mcp     *mcp.Manager
	lsp     *lsp.Manager
}

// Permissions returns the permission service (built with the agent).
func (a *App) Permissions(ctx context.Context) (*permission.Service, error) {
	s, err := a.services(ctx)
	if err != nil {
		return nil, err
	}
	return s.perms, nil
}

// Tools returns the tool registry (built with the agent).
func (a *App) Tools(ctx context.Context) (*tools.Registry, error) {
	s, err := a.services(ctx)
	if err != nil {
		return nil, err
	}
	return s.tools, nil
}

// Agent returns the Coordinator. Its error is a *config.ValidationError
// for bad config. With no usable provider the Coordinator is still built,
// with no candidates (its Run fails with agent.ErrNoModel) until
// ReloadConfig finds one: check Resolved first to report why.
func (a *App) Agent(ctx context.Context) (*agent.Coordinator, error) {
	s, err := a.services(ctx)
	if err != nil {
		return nil, err
	}
	return s.coord, nil
}

func (a *App) services(ctx context.Context) (*services, error) {
	return a.svc.get(func() (*services, error) { return a.buildServices(ctx) })
}

// builtServices returns the services if they were built successfully.
func (a *App) builtServices() (*services, bool) {
	if !a.svc.done() {
		return nil, false
	}
	s, err := a.svc.get(nil)
	return s, err == nil
}

func (a *App) buildServices(ctx context.Context) (*services, error) {
	loaded, err := a.Config(ctx)
	if err != nil {
		return nil, err
	}
	cfg := loaded.Config
	a.Launcher() // first, so that it closes last: the services stop their children first
	gitAhead := a.gitAhead(ctx, cfg)
	resolved, _ := a.Resolved(ctx) // no usable provider: no candidates yet
	cl := newClients(llm.HTTPOptions{
		FirstByteTimeout: time.Duration(cfg.Options.FirstByteTimeout) * time.Second,
		IdleTimeout:      time.Duration(cfg.Options.StreamIdleTimeout) * time.Second,
		Transport:        a.llmTransport(cfg.Options.Trace),
	}, a.configDir(), a.Redact)
	cl.gemini, cl.geminiHelper = a.opts.Gemini, a.opts.GeminiHelper
	a.onClose(cl.close)
	cl.prestart(resolved) // a helper starts while the store opens
	st, err := a.Store(ctx)
	if err != nil {
		return nil, err
	}
	perms, err := a.newPermissions(cfg.Permissions)
	if err != nil {
		return nil, err
	}
	large, small, err := cl.roles(resolved)
	if err != nil {
		return nil, err
	}
	routing, err := cl.routing(resolved, cfg.Models)
	if err != nil {
		return nil, err
	}
	svc := &services{perms: perms, clients: cl}
	watch := a.startTelemetry(ctx, cfg.Options.Telemetry)
	set, err := a.Extensions(ctx)
	if err != nil {
		return nil, err
	}
	env := a.buildTools(cfg, st, svc, webSearcher(cfg.Options.WebSearch, cl, resolved), set)
	ext, err := a.agentExtensions(loaded, st, svc, env, set)
	if err != nil {
		return nil, err
	}
	svc.coord = agent.NewCoordinator(agent.Config{
		Large:                large,
		Small:                small,
		Routing:              routing,
		WorkDir:              a.workDir,
		MaxSteps:             cfg.Options.MaxSteps,
		Cooldowns:            cooldowns(cfg.Options.Cooldowns),
		DisableAutoSummarize: cfg.Options.DisableAutoSummarize,
		DisableTitles:        cfg.Options.DisableTitles,
		ContextPaths:         cfg.Options.ContextPaths,
		ProjectDir:           loaded.ProjectDir,
		GlobalInstructions:   config.GlobalInstructionsPath(a.opts.Getenv),
		MaxOutput:            cfg.Options.MaxOutputBytes,
		Instructions:         svc.mcp.Instructions,
		Git:                  a.sandboxedGit(childEnv(cfg)),
		GitAhead:             gitAhead,
		Extensions:           set,
		SystemPrompt:         ext.system,
		AppendSystemPrompt:   ext.appendSystem,
	}, agent.Deps{
		Messages:      st.Messages,
		Sessions:      st.Sessions,
		Children:      st.Sessions,
		Tools:         svc.tools,
		SubAgentTools: svc.tools.Subset("view", "glob", "grep", "ls"), // the read-only sub-agent
		Modes:         perms,
		Leases:        st.Leases,
		Operations:    st.Sessions,
		Hooks:         ext.hooks,
		SubAgents:     ext.subAgents,
		Logger:        a.Logger(),
		Warm:          st.warmTurnEnd,
	})
	env.SubAgent = svc.coord
	watch(svc.coord)
	a.onClose(svc.coord.Close)
	return svc, nil
}

// newPermissions builds the permission service from the merged config.
func (a *App) newPermissions(p config.Permissions) (*permission.Service, error) {
	perms, err := permission.NewService(permission.Config{
		Rules:          permission.Rules{Mode: permission.Mode(p.Mode), Allow: p.Allow, Deny: p.Deny, Network: p.Network},
		ProjectDir:     a.workDir,
		NonInteractive: a.opts.NonInteractive,
		// The user's config and Hone's data (the trust store) are written
		// only with a person's answer, wherever they are.
		Protected: a.protectedPaths(),
		Sandbox:   a.sandboxSupport,
	})
	if err != nil {
		return nil, fmt.Errorf("permissions: %w", err)
	}
	return perms, nil
}

// protectedPaths are the user's config directory and the data directory.
func (a *App) protectedPaths() []string {
	out := []string{a.dataDir}
	if g := config.GlobalPath(a.opts.Getenv); g != "" {
		out = append(out, filepath.Dir(g))
	}
	return out
}

// buildTools fills svc's tool registry and its MCP and language-server
// managers, and returns the tools' shared environment (the caller sets its
// SubAgent once the Coordinator exists). Language servers start on the
// first file of their type; MCP servers when a front end calls
// StartServers.
func (a *App) buildTools(cfg config.Config, st *Store, svc *services, search tools.WebSearcher, set *extend.Set) *tools.Env {
	jobs := tools.NewJobManager()
	a.onClose(func() error { jobs.Close(); return nil })
	svc.lsp = lsp.New(lsp.Options{Servers: cfg.LSP, WorkDir: a.workDir, Logger: a.Logger(),
		Launcher: a.Launcher(), Env: childEnv(cfg)})
	a.onClose(svc.lsp.Close)
	env := &tools.Env{
		WorkDir:          a.workDir,
		Perms:            svc.perms,
		Files:            st.History,
		Todos:            st.Sessions,
		Watcher:          svc.lsp,
		Logger:           a.Logger(),
		FetchBaseURL:     a.opts.Getenv("HONE_FETCH_BASE_URL"),
		ShellEnvAllow:    cfg.Options.ShellEnvAllow,
		Sourcegraph:      cfg.Options.Sourcegraph.URL,
		SourcegraphToken: cfg.Options.Sourcegraph.Token,
		Jobs:             jobs,
		WebSearch:        search,
		Artifacts:        artifact.New(a.dataDir, int64(cfg.Options.ArtifactQuotaMB)<<20),
		Launcher:         a.Launcher(),
		Sandbox:          a.sandboxSettings(),
		Editor:           a.opts.Editor,
		Skills:           set.ModelSkills(),
		SkillDirs:        skillDirs(set, a.opts.Getenv("HOME")),
		SubAgents:        subAgentInfos(set),
	}
	svc.tools = tools.NewRegistry(tools.Builtins(env)...)
	svc.tools.SetArtifacts(env.Artifacts)
	if svc.lsp.Available() {
		for _, t := range svc.lsp.Tools() {
			svc.tools.Add(t)
		}
	}
	for _, name := range cfg.Options.DisabledTools {
		svc.tools.Remove(name)
	}
	svc.mcp = mcp.New(mcp.Options{Servers: a.mcpServers(cfg.MCP), Registry: svc.tools, Perms: svc.perms, WorkDir: a.workDir, Logger: a.Logger(),
		Launcher: a.Launcher(), Env: childEnv(cfg), Trace: a.mcpTracer(cfg.Options.Trace),
		Auth: &mcp.AuthOptions{Store: mcpauth.NewStore(a.dataDir)}})
	a.onClose(svc.mcp.Close)
	return env
}

// cooldowns converts config seconds by kind name into durations.
func cooldowns(in map[string]int) map[llm.ErrorKind]time.Duration {
	if len(in) == 0 {
		return nil
	}
	out := make(map[llm.ErrorKind]time.Duration, len(in))
	for k, v := range in {
		out[llm.ErrorKind(k)] = time.Duration(v) * time.Second
	}
	return out
}

// mcpServers is the configured MCP servers plus those of Options.MCPServers.
func (a *App) mcpServers(configured map[string]config.MCPServer) map[string]config.MCPServer {
	if len(a.opts.MCPServers) == 0 {
		return configured
	}
	out := maps.Clone(configured)
	if out == nil {
		out = map[string]config.MCPServer{}
	}
	maps.Copy(out, a.opts.MCPServers)
	return out
}
