package shell

import (
	"slices"
	"strings"
)

// Prefix returns the normalized prefix of a command that an
// allow-for-session grant covers, taken from the parsed words (never from
// the raw line):
//
//   - tools with subcommands keep the words up to the subcommand, options
//     before it included as written: "go test", "git -C sub commit",
//     "npm run build", "make test";
//   - interpreters keep the script or module: "python3 -m pytest",
//     "node build.js"; with -c or -e the whole command;
//   - any other command keeps its name: "rm", "./scripts/check.sh".
//
// When no subcommand or script is found the whole command is the prefix,
// so a grant never covers more than what the person saw.
func Prefix(c Command) string {
	n := min(prefixLen(c.Args), len(c.quoted))
	return strings.Join(c.quoted[:n], " ")
}

// Covers reports whether a session grant of prefix covers c: the command's
// words start with the prefix's words.
func Covers(prefix string, c Command) bool {
	s := c.String()
	return prefix != "" && (s == prefix || strings.HasPrefix(s, prefix+" "))
}

// prefixLen returns how many leading words form the prefix.
func prefixLen(args []string) int {
	if len(args) == 0 {
		return 0
	}
	base := baseName(args[0])
	switch {
	case subcommandTool(base):
		return subcommandEnd(base, args)
	case interpreter(base):
		return scriptEnd(args)
	}
	if !subcommandWord(args[0]) && !strings.ContainsRune(args[0], '/') {
		return len(args)
	}
	return 1
}

func subcommandTool(name string) bool {
	switch name {
	case "git", "go", "npm", "pnpm", "yarn", "bun", "npx", "cargo", "rustup", "docker", "podman",
		"kubectl", "helm", "gh", "terraform", "dotnet", "mvn", "gradle", "gradlew", "pip", "pip3",
		"uv", "poetry", "pipenv", "bundle", "rake", "mix", "composer", "nix", "systemctl", "make",
		"just", "task", "swift", "zig", "stack", "cabal", "flutter", "dart", "deno", "cmake", "ninja":
		return true
	}
	return false
}

func interpreter(name string) bool {
	switch name {
	case "python", "python3", "node", "ruby", "perl", "php", "bash", "sh", "zsh", "java", "tsx", "ts-node":
		return true
	}
	return false
}

// subcommandEnd finds the subcommand after options (git -C dir and -c k=v
// consume a value) and returns the index just past it; for npm-style run
// commands the script name is included.
func subcommandEnd(base string, args []string) int {
	i := 1
	for i < len(args) && strings.HasPrefix(args[i], "-") {
		if base == "git" && (args[i] == "-C" || args[i] == "-c") {
			i++
		}
		i++
	}
	if i >= len(args) || !subcommandWord(args[i]) {
		return len(args)
	}
	runner := slices.Contains([]string{"npm", "pnpm", "yarn", "bun"}, base)
	if runner && (args[i] == "run" || args[i] == "run-script") && i+1 < len(args) && subcommandWord(args[i+1]) {
		return i + 2
	}
	return i + 1
}

// scriptEnd returns the index past an interpreter's script or module.
func scriptEnd(args []string) int {
	for i := 1; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-m" && i+1 < len(args):
			return i + 2
		case a == "-c" || a == "-e" || a == "--eval" || a == "-":
			return len(args)
		case !strings.HasPrefix(a, "-"):
			return i + 1
		}
	}
	return len(args)
}

// subcommandWord reports whether s looks like a subcommand or target name
// rather than a path, pattern or value.
func subcommandWord(s string) bool {
	if s == "" || !isAlnum(rune(s[0])) {
		return false
	}
	for _, r := range s {
		if !isAlnum(r) && !strings.ContainsRune("._:+-", r) {
			return false
		}
	}
	return true
}

func isAlnum(r rune) bool {
	return (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
}
