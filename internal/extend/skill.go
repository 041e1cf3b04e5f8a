package extend

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

// Skill is one agentskills.io skill: a folder holding SKILL.md (YAML
// frontmatter and instructions) and optional scripts, references and
// assets.
type Skill struct {
	// Name is the skill's id (lowercase letters, digits and hyphens).
	Name        string
	Description string
	License     string
	// AllowedTools lists tools the skill expects to use (informative:
	// every call still goes through the permission rules).
	AllowedTools []string
	Metadata     map[string]string
	// UserInvocable skills are offered as /name commands (default true).
	UserInvocable bool
	// DisableModelInvocation keeps the skill out of the system prompt and
	// the skill tool: only a person invokes it, as /name.
	DisableModelInvocation bool
	// Dir is the skill's folder and File its SKILL.md, both absolute.
	Dir  string
	File string
	// Body is the instructions after the frontmatter.
	Body string
	// Files are the other files of the folder, relative to Dir, sorted
	// (at most maxSkillFiles).
	Files []string
	// Project is set for a skill found in the project.
	Project bool
}

// Limits of the agentskills.io specification and of the file listing.
const (
	maxNameLen        = 64
	maxDescriptionLen = 1024
	maxSkillFiles     = 200
)

// validSkillName reports lowercase letters and digits in groups joined
// by single hyphens (the agentskills.io rule).
func validSkillName(name string) bool {
	if name == "" || strings.HasPrefix(name, "-") || strings.HasSuffix(name, "-") || strings.Contains(name, "--") {
		return false
	}
	for _, r := range name {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' {
			return false
		}
	}
	return true
}

// parseSkill reads dir/SKILL.md; ok is false when the skill cannot be
// used (the warnings say why).
func parseSkill(dir string, data []byte) (Skill, []Warning, bool) {
	file := filepath.Join(dir, "SKILL.md")
	d := parseDoc(file, data)
	s := Skill{
		Name:                   d.str("name"),
		Description:            d.str("description"),
		License:                d.str("license"),
		Metadata:               d.stringMap("metadata"),
		UserInvocable:          d.boolean("user-invocable", true),
		DisableModelInvocation: d.boolean("disable-model-invocation", false),
		Dir:                    dir,
		File:                   file,
		Body:                   d.body,
	}
	s.AllowedTools, _ = d.list("allowed-tools")
	ok := checkSkillName(d, s.Name, filepath.Base(dir)) && checkDescription(d, s.Description)
	if ok {
		s.Files = listFiles(dir)
	}
	return s, d.warns, ok
}

// checkSkillName validates name as the specification requires; a name
// that differs from its folder's is only a warning.
func checkSkillName(d *doc, name, folder string) bool {
	line := d.lines["name"]
	switch {
	case name == "":
		d.warn(max(line, 1), "name", "required: the skill's id, like "+folder)
		return false
	case len(name) > maxNameLen:
		d.warn(line, "name", "longer than 64 characters")
		return false
	case !validSkillName(name):
		d.warn(line, "name", "use lowercase letters, digits and single hyphens only (not at the start or end): "+name)
		return false
	case name != folder:
		d.warn(line, "name", "differs from the folder name "+folder+"; the skill is called "+name)
	}
	return true
}

func checkDescription(d *doc, desc string) bool {
	line := d.lines["description"]
	switch {
	case desc == "":
		d.warn(max(line, 1), "description", "required: say what the skill does and when to use it")
		return false
	case utf8.RuneCountInString(desc) > maxDescriptionLen:
		d.warn(line, "description", "longer than 1024 characters")
		return false
	}
	return true
}

// listFiles lists the files under dir other than SKILL.md, skipping
// hidden entries, sorted and bounded.
func listFiles(dir string) []string {
	var out []string
	_ = filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil || len(out) >= maxSkillFiles {
			return fs.SkipDir
		}
		if path != dir && strings.HasPrefix(e.Name(), ".") {
			if e.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if e.Type().IsRegular() && path != filepath.Join(dir, "SKILL.md") {
			rel, _ := filepath.Rel(dir, path)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	slices.Sort(out)
	return out
}

// loadSkills reads every <root>/<name>/SKILL.md.
func loadSkills(root string, project bool) ([]Skill, []Warning) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, nil
	}
	var skills []Skill
	var warns []Warning
	for _, e := range entries {
		dir := filepath.Join(root, e.Name())
		if strings.HasPrefix(e.Name(), ".") || !isDir(dir) {
			continue
		}
		data, err := readDef(filepath.Join(dir, "SKILL.md"))
		if err != nil {
			if !os.IsNotExist(err) {
				warns = append(warns, Warning{File: filepath.Join(dir, "SKILL.md"), Msg: err.Error()})
			}
			continue
		}
		s, w, ok := parseSkill(dir, data)
		warns = append(warns, w...)
		if ok {
			s.Project = project
			skills = append(skills, s)
		}
	}
	return skills, warns
}
