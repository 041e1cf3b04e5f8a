package sandbox

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/honecode/hone/internal/projectfiles"
)

// Level is how much a command may do.
type Level string

// Levels, from the most to the least confined.
const (
	// LevelReadOnly reads the project and system directories and writes
	// only its private temporary directory; no network.
	LevelReadOnly Level = "read-only"
	// LevelWorkspace also writes the project (except its protected
	// paths); network only when the policy grants it.
	LevelWorkspace Level = "workspace-write"
	// LevelNone runs the command unconfined.
	LevelNone Level = "none"
)

// Policy is what one sandboxed command may touch. Paths are absolute.
type Policy struct {
	// Read lists directories and files the command may read (and run).
	Read []string `json:"read"`
	// Write lists directories the command may also change.
	Write []string `json:"write"`
	// Protected lists paths inside Write that stay read-only.
	Protected []string `json:"protected,omitempty"`
	// Network allows network access.
	Network bool `json:"network,omitempty"`
	// TempDir is the command's private temporary directory (writable).
	TempDir string `json:"temp_dir,omitempty"`
}

// Settings are what the policy of a command is built from.
type Settings struct {
	// Project is the project directory (symlinks resolved).
	Project string
	// TempDir is the command's private temporary directory.
	TempDir string
	// CacheDir is a writable directory kept between commands (build
	// caches); "" for none.
	CacheDir string
	// ExtraRead and ExtraWrite are directories the user's config adds.
	ExtraRead, ExtraWrite []string
	// Protected are paths inside the project, relative to it, that stay
	// read-only; nil means the project's git directory and the files Hone
	// and its peers read as configuration or instructions
	// (projectfiles.Paths).
	Protected []string
	// Env is the environment the command gets (used to find toolchain
	// directories and PATH entries to allow reading).
	Env []string
	// Home is the user's home directory ("" when unknown).
	Home string
}

// New returns the policy of a command at level lvl (not LevelNone) that
// may use the network when network is set.
func New(lvl Level, s Settings, network bool) (Policy, error) {
	if !filepath.IsAbs(s.Project) {
		return Policy{}, fmt.Errorf("sandbox: project %q is not absolute", s.Project)
	}
	p := Policy{Network: network, TempDir: s.TempDir}
	p.Read = append(systemRoots(), toolchainRoots(s.Env, s.Home)...)
	p.Read = append(p.Read, s.Project)
	p.Read = append(p.Read, absOnly(s.ExtraRead)...)
	p.Write = appendNonEmpty(nil, s.TempDir, s.CacheDir)
	if lvl == LevelWorkspace {
		p.Write = append(p.Write, s.Project)
		p.Write = append(p.Write, absOnly(s.ExtraWrite)...)
		p.Protected = protectedPaths(s.Project, s.Protected)
	}
	p.Read = dedupe(p.Read)
	p.Write = dedupe(p.Write)
	return p, nil
}

// Marshal encodes the policy for the process supervisor.
func (p Policy) Marshal() json.RawMessage {
	b, _ := json.Marshal(p) // a struct of strings and bools always encodes
	return b
}

// Unmarshal decodes a policy encoded by Marshal.
func Unmarshal(raw json.RawMessage) (Policy, error) {
	var p Policy
	if err := json.Unmarshal(raw, &p); err != nil {
		return Policy{}, fmt.Errorf("decode sandbox policy: %w", err)
	}
	return p, nil
}

func absOnly(paths []string) []string {
	var out []string
	for _, p := range paths {
		if filepath.IsAbs(p) {
			out = append(out, filepath.Clean(p))
		}
	}
	return out
}

func appendNonEmpty(out []string, ss ...string) []string {
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

func dedupe(ss []string) []string {
	out := slices.Clone(ss)
	slices.Sort(out)
	return slices.Compact(out)
}

// protectedPaths makes the read-only paths of a writable project absolute:
// rel, or projectfiles.Paths when rel is nil. Only paths that exist are
// protected when the sandbox starts.
func protectedPaths(project string, rel []string) []string {
	if rel == nil {
		return projectfiles.Paths(project)
	}
	out := make([]string, 0, len(rel))
	for _, r := range rel {
		out = append(out, filepath.Join(project, r))
	}
	return out
}
