package app

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/extend"
	"github.com/honecode/hone/internal/fsguard"
	"github.com/honecode/hone/internal/hooks"
	"github.com/honecode/hone/internal/tools"
)

// Extensions returns the skills, custom commands and sub-agents found on
// disk: the user's, and the project's once the project is trusted. Its
// Warnings name each file that was skipped or has a problem.
func (a *App) Extensions(ctx context.Context) (*extend.Set, error) {
	return a.ext.get(func() (*extend.Set, error) {
		loaded, err := a.Config(ctx)
		if err != nil {
			return nil, err
		}
		home := a.opts.Getenv("HOME")
		if home == "" {
			home, _ = os.UserHomeDir()
		}
		p := extend.Paths{Home: home, SkillsPaths: loaded.Config.Options.SkillsPaths}
		if g := config.GlobalPath(a.opts.Getenv); g != "" {
			p.ConfigHome = filepath.Dir(filepath.Dir(g))
		}
		if loaded.Trust.Trusted {
			p.ProjectDir = loaded.ProjectDir
		}
		set := extend.Load(p)
		for _, w := range set.Warnings {
			a.Logger().Warn("extension", "warning", w.String())
		}
		return set, nil
	})
}

// skillDirs are the loaded skills' folders, symbolic links resolved. A
// folder that holds the home directory (a link to ~ or /) is left out: it
// would open every file to reads without asking.
func skillDirs(set *extend.Set, home string) []string {
	if h, err := filepath.EvalSymlinks(home); err == nil {
		home = h
	}
	var out []string
	for _, k := range set.Skills {
		dir, err := filepath.EvalSymlinks(k.Dir)
		if err != nil || dir == string(filepath.Separator) || (home != "" && fsguard.Within(dir, home)) {
			continue
		}
		out = append(out, dir)
	}
	return out
}

// agentExtensions are what the user's definitions give the Coordinator
// besides the Set itself.
type agentExtensions struct {
	subAgents            map[string]agent.SubAgent
	system, appendSystem string
	hooks                agent.HookRunner
}

// agentExtensions registers the custom sub-agents' tools, reads the
// system prompt files and builds the hook runner.
func (a *App) agentExtensions(loaded *config.Loaded, st *Store, svc *services, env *tools.Env, set *extend.Set) (agentExtensions, error) {
	opts := loaded.Config.Options
	ext := agentExtensions{subAgents: a.addSubAgents(svc.tools, env, set)}
	var err error
	if ext.system, err = a.promptFile(loaded.ProjectDir, opts.SystemPromptFile); err != nil {
		return ext, err
	}
	if ext.appendSystem, err = a.promptFile(loaded.ProjectDir, opts.AppendSystemPromptFile); err != nil {
		return ext, err
	}
	if r := a.newHooks(loaded.Config, loaded.ProjectDir, st, svc); r != nil {
		ext.hooks = r
	}
	return ext, nil
}

// subAgentInfos names the custom sub-agents for the agent tool.
func subAgentInfos(set *extend.Set) []tools.SubAgentInfo {
	out := make([]tools.SubAgentInfo, 0, len(set.Agents))
	for _, ag := range set.Agents {
		out = append(out, tools.SubAgentInfo{Name: ag.Name, Description: ag.Description})
	}
	return out
}

// addSubAgents registers each custom sub-agent's own tool (unless a tool
// has its name) and returns the sub-agents the Coordinator runs, each
// with only the tools its definition names (Claude Code's names or
// Hone's); without a tools line, every tool but the sub-agent tools.
func (a *App) addSubAgents(reg *tools.Registry, env *tools.Env, set *extend.Set) map[string]agent.SubAgent {
	out := make(map[string]agent.SubAgent, len(set.Agents))
	builtin := reg.Names()
	for _, ag := range set.Agents {
		var names []string
		if ag.Tools == nil {
			names = withoutSubAgentTools(builtin, set)
		} else {
			names = a.honeToolNames(ag, builtin)
		}
		out[ag.Name] = agent.SubAgent{Prompt: ag.Prompt, Tools: reg.Subset(names...), Model: ag.Model}
		if _, taken := reg.Get(ag.Name); taken {
			a.Logger().Warn("sub-agent tool not added: a tool has its name", "agent", ag.Name, "file", ag.File)
			continue
		}
		reg.Add(tools.NewNamedAgent(env, tools.SubAgentInfo{Name: ag.Name, Description: ag.Description}))
	}
	return out
}

// honeToolNames maps a definition's tool names to Hone's: Claude Code's
// (Read, Bash(git diff:*) …) through the hooks table, mcp__s__t to
// mcp_s_t; names no tool has are logged.
func (a *App) honeToolNames(ag extend.Agent, have []string) []string {
	var out []string
	for _, n := range ag.Tools {
		n, _, _ = strings.Cut(n, "(")
		n = hooks.HoneToolName(strings.TrimSpace(n))
		if !contains(have, n) {
			a.Logger().Warn("sub-agent names an unknown tool", "agent", ag.Name, "tool", n, "file", ag.File)
			continue
		}
		out = append(out, n)
	}
	return out
}

func withoutSubAgentTools(names []string, set *extend.Set) []string {
	var out []string
	for _, n := range names {
		if _, custom := set.Agent(n); n != "agent" && !custom {
			out = append(out, n)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// promptFile reads options.system_prompt_file or its append variant:
// relative to the project root, ~ for the home directory.
func (a *App) promptFile(projectDir, path string) (string, error) {
	if path == "" {
		return "", nil
	}
	if rest, ok := strings.CutPrefix(path, "~/"); ok {
		home, _ := os.UserHomeDir()
		path = filepath.Join(home, rest)
	} else if !filepath.IsAbs(path) {
		path = filepath.Join(projectDir, path)
	}
	data, err := config.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("options: read system prompt file: %w", err)
	}
	return strings.TrimSpace(string(data)), nil
}

// newHooks builds the hook runner over the merged config and lets the
// permission service consult it before asking a person.
func (a *App) newHooks(cfg config.Config, projectDir string, st *Store, svc *services) *hooks.Runner {
	if len(cfg.Hooks) == 0 {
		return nil
	}
	r := hooks.New(hooks.Options{
		Hooks:      cfg.Hooks,
		Launcher:   a.Launcher(),
		Env:        childEnv(cfg),
		ProjectDir: projectDir,
		Transcript: hooks.TranscriptFiles(filepath.Join(a.dataDir, "transcripts"), a.workDir, st.Messages),
		Logger:     a.Logger(),
	})
	svc.perms.SetHooks(hooks.Permissions{Runner: r, Mode: svc.perms.Mode, Cwd: a.workDir, Logger: a.Logger()})
	return r
}
