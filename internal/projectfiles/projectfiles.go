// Package projectfiles names the files and folders of a project that Hone
// reads as configuration or as instructions for the model. Writing one of
// them changes what the next session runs or is told, so the permission
// service treats writes to them as sensitive, and the OS sandbox can mark
// them read-only. It imports only the standard library.
package projectfiles

import (
	"path/filepath"
	"strings"
)

// Project config file names, looked for from the working directory up to
// the git root. HiddenConfig wins when both are in one directory.
const (
	Config       = "hone.json"
	HiddenConfig = ".hone.json"
)

// ConfigNames are the project config file names, preferred first.
func ConfigNames() []string { return []string{HiddenConfig, Config} }

// InstructionNames are the instruction files read from the working
// directory into the system prompt, in this order.
func InstructionNames() []string {
	return []string{"AGENTS.md", "HONE.md", "CLAUDE.md", "CRUSH.md", ".cursorrules"}
}

// ExtensionDirs are the folders whose definitions (skills, commands,
// agents, hooks) Hone reads from a project.
func ExtensionDirs() []string { return []string{".hone", ".claude", ".agents"} }

// GitDir is the folder git reads its config and runs its hooks from.
const GitDir = ".git"

// IsSensitive reports whether writing absPath (absolute, symlinks already
// resolved) changes what Hone or git reads as config or instructions, and
// says why. Names count anywhere in the tree, not only at projectDir's
// top: Hone started in a subdirectory reads that directory's files. Names
// are compared case-insensitively, as case-insensitive file systems would
// open them.
func IsSensitive(projectDir, absPath string) (bool, string) {
	shown := display(projectDir, absPath)
	parts := strings.Split(filepath.ToSlash(filepath.Clean(absPath)), "/")
	for _, p := range parts[:len(parts)-1] {
		switch {
		case strings.EqualFold(p, GitDir):
			return true, shown + " is inside " + GitDir + ": git reads its config and runs its hooks from there"
		case oneOf(p, ExtensionDirs()):
			return true, shown + " is inside " + p + ": Hone reads skills, commands, agents and hooks from there"
		}
	}
	base := parts[len(parts)-1]
	switch {
	case strings.EqualFold(base, GitDir):
		return true, shown + " tells git where the repository is: its config and hooks come from there"
	case oneOf(base, ConfigNames()):
		return true, shown + " is a Hone project config file: it can start programs and choose where requests go"
	case oneOf(base, InstructionNames()):
		return true, shown + " is an instruction file: Hone puts it in the model's system prompt"
	}
	return false, ""
}

// Paths lists, under projectDir, every file and folder IsSensitive
// protects at the top of the project (whether or not it exists): config
// files, instruction files, extension folders and .git.
func Paths(projectDir string) []string {
	var out []string
	for _, names := range [][]string{ConfigNames(), InstructionNames(), ExtensionDirs(), {GitDir}} {
		for _, n := range names {
			out = append(out, filepath.Join(projectDir, n))
		}
	}
	return out
}

func oneOf(name string, names []string) bool {
	for _, n := range names {
		if strings.EqualFold(name, n) {
			return true
		}
	}
	return false
}

// display names p relative to dir when it is inside, else absolute.
func display(dir, p string) string {
	if rel, err := filepath.Rel(dir, p); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
		return rel
	}
	return p
}
