package extend

import (
	"os"
	"path/filepath"
	"strings"
)

// Agent is a custom sub-agent: a markdown file whose body is the
// sub-agent's system prompt.
type Agent struct {
	Name        string
	Description string
	// Tools are the tool names the sub-agent may use as written (Claude
	// Code names like Read or Hone's like view); nil when the file does
	// not say, which gives it the main agent's tools.
	Tools []string
	// Model is "inherit" or "" (the main agent's model), "large",
	// "small", a Claude alias (sonnet, opus, haiku) or provider/model.
	Model   string
	Prompt  string
	File    string
	Project bool
}

// validAgentName reports letters, digits, - and _, starting with a
// letter or digit.
func validAgentName(name string) bool {
	for i, r := range name {
		alnum := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
		if !alnum && (i == 0 || r != '-' && r != '_') {
			return false
		}
	}
	return name != ""
}

// loadAgents reads every .md file of root.
func loadAgents(root string, project bool) ([]Agent, []Warning) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, nil
	}
	var agents []Agent
	var warns []Warning
	for _, e := range entries {
		path := filepath.Join(root, e.Name())
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") || !strings.EqualFold(filepath.Ext(path), ".md") {
			continue
		}
		data, err := readDef(path)
		if err != nil {
			warns = append(warns, Warning{File: path, Msg: err.Error()})
			continue
		}
		a, w, ok := parseAgent(path, data)
		warns = append(warns, w...)
		if ok {
			a.Project = project
			agents = append(agents, a)
		}
	}
	return agents, warns
}

func parseAgent(file string, data []byte) (Agent, []Warning, bool) {
	d := parseDoc(file, data)
	a := Agent{Name: d.str("name"), Description: d.str("description"), Model: d.str("model"), Prompt: d.body, File: file}
	a.Tools, _ = d.list("tools")
	if a.Tools == nil {
		if _, said := d.fields["tools"]; said {
			a.Tools = []string{}
		}
	}
	switch {
	case a.Name == "":
		d.warn(1, "name", "required: the sub-agent's name")
		return a, d.warns, false
	case !validAgentName(a.Name) || len(a.Name) > maxNameLen:
		d.warn(d.lines["name"], "name", "use letters, digits, - and _ only (at most 64): "+a.Name)
		return a, d.warns, false
	case a.Description == "":
		d.warn(1, "description", "required: say when the sub-agent should be used")
		return a, d.warns, false
	}
	return a, d.warns, true
}
