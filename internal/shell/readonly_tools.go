package shell

import (
	"slices"
	"strings"
)

// gitReadOnly accepts git subcommands that only inspect the repository.
// Global options other than -C and a few harmless switches (notably -c,
// which can point git at any program) are refused.
func gitReadOnly(args []string) bool {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i], "-") {
		switch args[i] {
		case "-C":
			i += 2
		case "--no-pager", "-P", "--no-optional-locks", "--literal-pathspecs", "--no-replace-objects":
			i++
		default:
			return false
		}
	}
	if i >= len(args) {
		return false
	}
	sub, rest := args[i], args[i+1:]
	if anyPrefix(rest, "--output", "--ext-diff", "--open-files-in-pager") || slices.Contains(rest, "-O") {
		return false
	}
	switch sub {
	case "status", "log", "diff", "show", "blame", "shortlog", "describe",
		"rev-parse", "ls-files", "ls-tree", "cat-file", "rev-list", "merge-base",
		"show-ref", "grep", "name-rev", "count-objects", "check-ignore", "whatchanged":
		return true
	case "branch", "tag":
		return refListing(rest)
	case "remote":
		return len(rest) == 0 || (len(rest) == 1 && (rest[0] == "-v" || rest[0] == "--verbose"))
	case "stash":
		return len(rest) > 0 && (rest[0] == "list" || rest[0] == "show")
	case "worktree":
		return len(rest) > 0 && rest[0] == "list"
	case "reflog":
		return !slices.Contains(rest, "expire") && !slices.Contains(rest, "delete")
	case "config":
		return configReading(rest)
	}
	return false
}

// refListing accepts `git branch` and `git tag` invocations that list refs:
// known listing flags only, and names only after --list.
func refListing(args []string) bool {
	listing := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-l" || a == "--list":
			listing = true
		case slices.Contains([]string{"--contains", "--no-contains", "--merged", "--no-merged", "--points-at", "--sort", "--format"}, a):
			i++
		case slices.Contains([]string{"-a", "--all", "-r", "--remotes", "-v", "-vv", "--verbose",
			"--show-current", "--color", "--no-color", "--column", "--no-column", "-i", "--ignore-case"}, a):
		case strings.HasPrefix(a, "--sort=") || strings.HasPrefix(a, "--format=") ||
			strings.HasPrefix(a, "--contains=") || strings.HasPrefix(a, "--merged=") ||
			strings.HasPrefix(a, "--color=") || strings.HasPrefix(a, "-n"):
		case strings.HasPrefix(a, "-"):
			return false
		case !listing:
			return false
		}
	}
	return true
}

// configReading accepts `git config` invocations that only read.
func configReading(args []string) bool {
	if len(args) > 0 && (args[0] == "get" || args[0] == "list") {
		return true
	}
	reads := false
	for _, a := range args {
		switch a {
		case "--get", "--get-all", "--get-regexp", "--list", "-l":
			reads = true
		case "--add", "--unset", "--unset-all", "--replace-all", "--rename-section",
			"--remove-section", "-e", "--edit":
			return false
		}
	}
	return reads
}

// goReadOnly accepts go subcommands that inspect code without building
// anything that runs, and refuses flags that run arbitrary programs.
func goReadOnly(args []string) bool {
	if len(args) == 0 || anyPrefix(args[1:], "-vettool", "--vettool", "-toolexec", "--toolexec", "-exec", "--exec") {
		return false
	}
	switch args[0] {
	case "vet", "list", "version", "doc":
		return true
	case "env":
		return !slices.Contains(args[1:], "-w") && !slices.Contains(args[1:], "-u")
	}
	return false
}

// findReadOnly accepts find without actions that run programs, delete or
// write files.
func findReadOnly(args []string) bool {
	return !slices.ContainsFunc(args, func(a string) bool {
		switch a {
		case "-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf", "-fls":
			return true
		}
		return false
	})
}

// fdReadOnly accepts fd without --exec and --exec-batch.
func fdReadOnly(args []string) bool {
	return !anyPrefix(args, "--exec") && !slices.Contains(args, "-x") && !slices.Contains(args, "-X")
}

// sedReadOnly accepts sed printing line ranges (sed -n '1,20p' file) and
// nothing else: no -i, no script files, no s/// (whose w and e flags write
// files and run commands).
func sedReadOnly(args []string) bool {
	var scripts, files []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-e" || a == "--expression":
			if i+1 == len(args) {
				return false
			}
			scripts = append(scripts, args[i+1])
			i++
		case strings.HasPrefix(a, "--expression="):
			scripts = append(scripts, strings.TrimPrefix(a, "--expression="))
		case slices.Contains([]string{"--quiet", "--silent", "--regexp-extended", "--null-data", "--separate", "--posix", "--debug"}, a):
		case strings.HasPrefix(a, "-") && a != "-":
			if strings.Trim(a[1:], "nErszu") != "" {
				return false
			}
		default:
			files = append(files, a)
		}
	}
	if len(scripts) == 0 {
		if len(files) == 0 {
			return false
		}
		scripts = files[:1]
	}
	for _, s := range scripts {
		if !sedPrintScript(s) {
			return false
		}
	}
	return true
}

// sedPrintScript accepts commands of the form [addr[,addr]][!]{p,d,q,=,n}
// separated by ';' or newlines, with numeric or $ addresses.
func sedPrintScript(script string) bool {
	for _, cmd := range strings.FieldsFunc(script, func(r rune) bool { return r == ';' || r == '\n' }) {
		cmd = strings.TrimSpace(cmd)
		cmd = strings.TrimLeft(cmd, "0123456789$,+~ ")
		cmd = strings.TrimPrefix(cmd, "!")
		cmd = strings.TrimSpace(cmd)
		if len(cmd) > 1 || (len(cmd) == 1 && !strings.Contains("pdq=n", cmd)) {
			return false
		}
	}
	return true
}
