package extend

import (
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
)

// Command is a custom slash command: a markdown file whose body becomes
// the prompt when a person types /name args.
type Command struct {
	// Name is the file name without .md, its subfolders joined with ":"
	// (frontend/review.md is frontend:review).
	Name         string
	Description  string
	ArgumentHint string
	// Model is the model the command asks for ("" for the session's).
	Model string
	// AllowedTools lists the tools the command expects to use.
	AllowedTools []string
	Body         string
	File         string
	Project      bool
}

// loadCommands reads every .md file below root.
func loadCommands(root string, project bool) ([]Command, []Warning) {
	var cmds []Command
	var warns []Warning
	_ = filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return fs.SkipDir
		}
		if path != root && strings.HasPrefix(e.Name(), ".") {
			if e.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if e.IsDir() || !strings.EqualFold(filepath.Ext(path), ".md") {
			return nil
		}
		data, err := readDef(path)
		if err != nil {
			warns = append(warns, Warning{File: path, Msg: err.Error()})
			return nil
		}
		rel, _ := filepath.Rel(root, strings.TrimSuffix(path, filepath.Ext(path)))
		c, w := parseCommand(path, strings.ReplaceAll(filepath.ToSlash(rel), "/", ":"), data)
		warns = append(warns, w...)
		if c.Name != "" {
			c.Project = project
			cmds = append(cmds, c)
		}
		return nil
	})
	return cmds, warns
}

func parseCommand(file, name string, data []byte) (Command, []Warning) {
	d := parseDoc(file, data)
	c := Command{
		Name:         name,
		Description:  d.str("description"),
		ArgumentHint: d.str("argument-hint"),
		Model:        d.str("model"),
		Body:         d.body,
		File:         file,
	}
	c.AllowedTools, _ = d.list("allowed-tools")
	if strings.ContainsAny(name, " \t") {
		d.warn(0, "", "a command name cannot contain spaces; rename the file")
		c.Name = ""
	}
	if c.Body == "" && c.Name != "" {
		d.warn(0, "", "the command has no body: nothing to send")
		c.Name = ""
	}
	if c.Description == "" {
		c.Description = firstLine(c.Body)
	}
	return c, d.warns
}

// firstLine is the first non-empty line of s without markdown heading
// marks, cut to 80 characters.
func firstLine(s string) string {
	for _, ln := range strings.Split(s, "\n") {
		ln = strings.TrimSpace(strings.TrimLeft(ln, "# "))
		if ln != "" {
			if r := []rune(ln); len(r) > 80 {
				ln = string(r[:79]) + "…"
			}
			return ln
		}
	}
	return ""
}

// sortByName sorts definitions by name.
func sortByName[T any](items []T, name func(T) string) {
	slices.SortFunc(items, func(a, b T) int { return strings.Compare(name(a), name(b)) })
}
