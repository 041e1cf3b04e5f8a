package shell

import "strings"

// runnerInner returns the command a package runner starts — npx CMD, npm
// exec -- CMD, uv run CMD, bundle exec CMD … — or nil. The runner stays
// the command of the line (allow rules and grants name it); the inner
// command is checked by the guardrail and matched by deny rules too.
func runnerInner(ws []word) []word {
	name := programName(ws[0])
	rest := ws[1:]
	switch name {
	case "npx", "bunx", "pnpx", "uvx":
	case "npm", "pnpm", "yarn", "bun":
		if len(rest) == 0 || !fieldIn("exec x dlx", rest[0].text) {
			return nil
		}
		rest = rest[1:]
	case "uv", "poetry", "pipenv", "pdm", "hatch", "rye":
		if len(rest) == 0 || rest[0].text != "run" {
			return nil
		}
		rest = rest[1:]
	case "bundle", "mise", "asdf":
		if len(rest) == 0 || rest[0].text != "exec" {
			return nil
		}
		rest = rest[1:]
	default:
		return nil
	}
	for i, w := range rest {
		switch {
		case w.lit && w.text == "--":
			return rest[i+1:]
		case w.lit && strings.HasPrefix(w.text, "-"):
			continue
		default:
			return rest[i:]
		}
	}
	return nil
}
