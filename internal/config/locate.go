package config

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/honecode/hone/internal/projectfiles"
)

// File names Hone looks for.
const (
	FileName        = projectfiles.Config       // global config, and a visible project config
	HiddenFileName  = projectfiles.HiddenConfig // project config (preferred when both exist)
	globalDirName   = "hone"
	fallbackXDGBase = ".config"
)

// GlobalPath is the global config file: $XDG_CONFIG_HOME/hone/hone.json,
// or ~/.config/hone/hone.json when XDG_CONFIG_HOME is unset or relative.
// It is "" when no home directory can be found.
func GlobalPath(getenv func(string) string) string {
	if x := getenv("XDG_CONFIG_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, globalDirName, FileName)
	}
	home := getenv("HOME")
	if home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		home = h
	}
	return filepath.Join(home, fallbackXDGBase, globalDirName, FileName)
}

// GlobalInstructionsPath is the user's own instruction file, next to the
// global config (AGENTS.md in its directory); "" without a home directory.
func GlobalInstructionsPath(getenv func(string) string) string {
	g := GlobalPath(getenv)
	if g == "" {
		return ""
	}
	return filepath.Join(filepath.Dir(g), "AGENTS.md")
}

// Locations are the config files that apply to a working directory.
type Locations struct {
	// Layers are global, project and, when --config is given, explicit.
	// A missing project config is listed at the path it would have
	// (.hone.json in ProjectDir).
	Layers []Layer
	// ProjectDir is the git root above the working dir (the directory
	// holding .git), or the working dir itself outside a repository.
	ProjectDir string
	// Ignored lists project files shadowed by a sibling .hone.json.
	Ignored []string
	// WorkDir is the absolute working directory.
	WorkDir string
}

// Locate finds the config layers for opts without reading them. The
// project config is the nearest .hone.json or hone.json from the working
// dir up to the git root (only the working dir outside a repository).
func Locate(opts LoadOptions) (*Locations, error) {
	opts = opts.withDefaults()
	cwd, err := absDir(opts.Cwd)
	if err != nil {
		return nil, err
	}
	global := GlobalPath(opts.Getenv)
	loc := &Locations{ProjectDir: cwd, WorkDir: cwd}
	loc.Layers = append(loc.Layers, Layer{Kind: LayerGlobal, Path: global, Exists: isFile(global)})
	dirs := []string{cwd}
	if root := gitRoot(cwd); root != "" {
		loc.ProjectDir = root
		dirs = ancestors(cwd, root)
	}
	project := Layer{Kind: LayerProject, Path: filepath.Join(loc.ProjectDir, HiddenFileName)}
	for _, dir := range dirs {
		if p, ignored := projectFile(dir, global); p != "" {
			project = Layer{Kind: LayerProject, Path: p, Exists: true}
			loc.Ignored = ignored
			break
		}
	}
	loc.Layers = append(loc.Layers, project)
	if opts.ConfigFile != "" {
		p, err := filepath.Abs(opts.ConfigFile)
		if err != nil {
			return nil, fmt.Errorf("locate config %s: %w", opts.ConfigFile, err)
		}
		loc.Layers = append(loc.Layers, Layer{Kind: LayerExplicit, Path: p, Exists: isFile(p)})
	}
	return loc, nil
}

// projectFile returns the project config in dir, if any, and a shadowed
// hone.json next to a .hone.json. The global file never counts.
func projectFile(dir, global string) (string, []string) {
	hidden, visible := filepath.Join(dir, HiddenFileName), filepath.Join(dir, FileName)
	hasVisible := visible != global && isFile(visible)
	switch {
	case isFile(hidden) && hasVisible:
		return hidden, []string{visible}
	case isFile(hidden):
		return hidden, nil
	case hasVisible:
		return visible, nil
	}
	return "", nil
}

func absDir(dir string) (string, error) {
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", fmt.Errorf("working dir: %w", err)
		}
		return wd, nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("working dir %s: %w", dir, err)
	}
	return abs, nil
}

// gitRoot returns the nearest directory at or above dir holding .git (a
// directory, or a file in worktrees), or "".
func gitRoot(dir string) string {
	for {
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// ancestors lists dir and its parents up to and including root.
func ancestors(dir, root string) []string {
	var out []string
	for {
		out = append(out, dir)
		parent := filepath.Dir(dir)
		if dir == root || parent == dir {
			return out
		}
		dir = parent
	}
}

func isFile(path string) bool {
	if path == "" {
		return false
	}
	fi, err := os.Stat(path)
	return err == nil && !fi.IsDir()
}
