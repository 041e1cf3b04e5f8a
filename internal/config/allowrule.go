package config

import (
	"fmt"
	"slices"
)

// AddAllowRule appends rule to permissions.allow of the config file at
// path (the user's global config: never a project's), creating the file
// when missing and keeping everything else. A rule already there is not
// added twice. Like SaveSelection it refuses a file with comments, and
// the error says what to add by hand.
func AddAllowRule(path, rule string) error {
	doc, err := readDoc(path, fmt.Sprintf("add %q to permissions.allow by hand", rule))
	if err != nil {
		return err
	}
	perms := childMap(doc, "permissions")
	allow, _ := perms["allow"].([]any)
	if slices.Contains(allow, any(rule)) {
		return nil
	}
	perms["allow"] = append(allow, rule)
	return writeDoc(path, doc)
}

// SaveTheme sets options.tui.theme in the config file at path (the
// user's global config), keeping everything else.
func SaveTheme(path, theme string) error {
	doc, err := readDoc(path, fmt.Sprintf(`set "options": {"tui": {"theme": %q}} by hand`, theme))
	if err != nil {
		return err
	}
	childMap(childMap(doc, "options"), "tui")["theme"] = theme
	return writeDoc(path, doc)
}
