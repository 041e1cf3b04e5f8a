package extend

import (
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"

	"github.com/honecode/hone/internal/fsguard"
)

// maxDefBytes bounds one definition file.
const maxDefBytes = 256 << 10

// Paths say where Load looks.
type Paths struct {
	// Home is the user's home directory ("" skips ~/.claude, ~/.agents).
	Home string
	// ConfigHome is the user's config directory, $XDG_CONFIG_HOME or
	// ~/.config ("" skips ~/.config/hone and ~/.config/agents).
	ConfigHome string
	// ProjectDir is the project root; "" (an untrusted project) reads no
	// project definitions.
	ProjectDir string
	// SkillsPaths are more folders of skills (options.skills_paths),
	// absolute or relative to ProjectDir.
	SkillsPaths []string
}

// Root is one folder Load reads one kind of definition from.
type Root struct {
	Dir     string
	Project bool
}

// SkillRoots are the folders of skills, first wins: the project's
// .hone/skills, .agents/skills and .claude/skills, then SkillsPaths, then
// the user's ~/.config/hone/skills, ~/.config/agents/skills,
// ~/.agents/skills and ~/.claude/skills.
func (p Paths) SkillRoots() []Root {
	roots := p.project("skills", ".hone", ".agents", ".claude")
	for _, s := range p.SkillsPaths {
		if !filepath.IsAbs(s) && p.ProjectDir != "" {
			s = filepath.Join(p.ProjectDir, s)
		}
		if filepath.IsAbs(s) {
			roots = append(roots, Root{Dir: s})
		}
	}
	return append(roots, p.user("skills", true)...)
}

// CommandRoots are the folders of commands: the project's .hone/commands
// and .claude/commands, then ~/.config/hone/commands and
// ~/.claude/commands.
func (p Paths) CommandRoots() []Root {
	return append(p.project("commands", ".hone", ".claude"), p.user("commands", false)...)
}

// AgentRoots are the folders of sub-agents: the project's .hone/agents
// and .claude/agents, then ~/.config/hone/agents and ~/.claude/agents.
func (p Paths) AgentRoots() []Root {
	return append(p.project("agents", ".hone", ".claude"), p.user("agents", false)...)
}

func (p Paths) project(kind string, dirs ...string) []Root {
	if p.ProjectDir == "" {
		return nil
	}
	out := make([]Root, 0, len(dirs))
	for _, d := range dirs {
		out = append(out, Root{Dir: filepath.Join(p.ProjectDir, d, kind), Project: true})
	}
	return out
}

func (p Paths) user(kind string, agents bool) []Root {
	var out []Root
	if p.ConfigHome != "" {
		out = append(out, Root{Dir: filepath.Join(p.ConfigHome, "hone", kind)})
		if agents {
			out = append(out, Root{Dir: filepath.Join(p.ConfigHome, "agents", kind)})
		}
	}
	if p.Home != "" {
		if agents {
			out = append(out, Root{Dir: filepath.Join(p.Home, ".agents", kind)})
		}
		out = append(out, Root{Dir: filepath.Join(p.Home, ".claude", kind)})
	}
	return out
}

// Set is every definition found, sorted by name, with the warnings about
// the files that were skipped or had problems.
type Set struct {
	Skills   []Skill
	Commands []Command
	Agents   []Agent
	Warnings []Warning
}

// Load reads the definitions of every root in p. The first definition of
// a name wins; a later one of the same name is a warning.
func Load(p Paths) *Set {
	s := &Set{}
	seen := map[string]string{}
	for _, r := range p.SkillRoots() {
		skills, w := loadSkills(r.Dir, r.Project)
		s.Warnings = append(s.Warnings, w...)
		s.Skills = append(s.Skills, keepFirst(s, seen, "skill ", skills, func(k Skill) (string, string) { return k.Name, k.File })...)
	}
	for _, r := range p.CommandRoots() {
		cmds, w := loadCommands(r.Dir, r.Project)
		s.Warnings = append(s.Warnings, w...)
		s.Commands = append(s.Commands, keepFirst(s, seen, "command ", cmds, func(c Command) (string, string) { return c.Name, c.File })...)
	}
	for _, r := range p.AgentRoots() {
		agents, w := loadAgents(r.Dir, r.Project)
		s.Warnings = append(s.Warnings, w...)
		s.Agents = append(s.Agents, keepFirst(s, seen, "agent ", agents, func(a Agent) (string, string) { return a.Name, a.File })...)
	}
	sortByName(s.Skills, func(k Skill) string { return k.Name })
	sortByName(s.Commands, func(c Command) string { return c.Name })
	sortByName(s.Agents, func(a Agent) string { return a.Name })
	return s
}

// keepFirst drops items whose name (within kind) was seen before.
func keepFirst[T any](s *Set, seen map[string]string, kind string, items []T, id func(T) (string, string)) []T {
	var out []T
	for _, it := range items {
		name, file := id(it)
		if first, dup := seen[kind+name]; dup {
			s.Warnings = append(s.Warnings, Warning{File: file, Field: "name",
				Msg: fmt.Sprintf("%s%q is already defined by %s; this one is ignored", kind, name, first)})
			continue
		}
		seen[kind+name] = file
		out = append(out, it)
	}
	return out
}

// readDef reads a definition file, bounded, refusing what is not a
// regular file (a named pipe would block).
func readDef(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|unix.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, more, err := fsguard.ReadRegular(f, maxDefBytes)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if more {
		return nil, fmt.Errorf("larger than %d KiB; not read", maxDefBytes>>10)
	}
	return data, nil
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}
