package shell

import "strings"

// gitGlobal are the options before git's subcommand that keep it
// read-only. -C, --git-dir and --work-tree are judged as paths (and -C
// moves the directory the rest is judged from). Not --config-env (sets
// any configuration from the environment), --exec-path=DIR
// (runs subcommands from DIR), -p/--paginate, --bare; -c only with a key
// from gitHarmlessKeys.
const gitGlobal = `-C= -c= --no-pager -P --no-optional-locks --literal-pathspecs --glob-pathspecs
	--noglob-pathspecs --icase-pathspecs --no-replace-objects --no-lazy-fetch --no-advice
	--git-dir= --work-tree= --namespace= --version --help`

// gitReadOnly judges a git invocation: global options, then a read-only
// subcommand whose own table accepts the rest. Aliases are never
// read-only: only built-in subcommand names have tables.
func gitReadOnly(args []string, need *fsNeed) bool {
	need.git = true
	i := 0
	for ; i < len(args) && strings.HasPrefix(args[i], "-"); i++ {
		p, n, ok := parseOne(gitGlobal, args, i)
		if !ok {
			return false
		}
		for _, kv := range p.values("-c") {
			key, _, _ := strings.Cut(kv, "=")
			if !gitKeyHarmlessName(key) {
				return false
			}
		}
		need.chdir = append(need.chdir, p.values("-C")...)
		if d := p.values("--git-dir"); len(d) > 0 {
			need.gitDir = d[0]
		}
		i += n
	}
	if i >= len(args) {
		return len(args) > 0 && (args[0] == "--version" || args[0] == "--help")
	}
	sub, rest := args[i], args[i+1:]
	table, check, ok := gitSubcommand(sub)
	if !ok {
		return false
	}
	if check != nil {
		return check(rest)
	}
	p, ok := parseGNU(table, rest)
	var skip []int
	var paths parsed
	for _, o := range p.opts {
		switch {
		case !o.hasValue:
		case fieldIn(gitNotPaths, o.name):
			skip = append(skip, i+1+o.at)
		default:
			paths.opts = append(paths.opts, o)
		}
	}
	need.words = append(dropAt(need.words, skip), attachedValues(paths, rest)...)
	return ok && gitValuesOK(p)
}

// gitValuesOK refuses formats that make git run gpg (%G…, signature
// atoms) and --ignore-submodules values other than all (git would run in
// submodules, whose configuration is not checked).
func gitValuesOK(p parsed) bool {
	for _, v := range p.values("--format", "--pretty", "--batch", "--batch-check") {
		if strings.Contains(v, "%G") || strings.Contains(v, "signature") {
			return false
		}
	}
	for _, v := range p.values("--ignore-submodules") {
		if v != "all" {
			return false
		}
	}
	return true
}

// gitSubcommand returns the option table of a read-only subcommand, or a
// check for subcommands with their own syntax.
func gitSubcommand(sub string) (string, func([]string) bool, bool) {
	switch sub {
	case "status":
		return gitStatusOpts, nil, true
	case "log", "whatchanged", "rev-list":
		return gitLogOpts + gitDiffOpts, nil, true
	case "shortlog":
		// shortlog's -n is --numbered; its table comes first.
		return gitShortlogOpts + gitLogOpts + gitDiffOpts, nil, true
	case "show":
		return gitLogOpts + gitDiffOpts, nil, true
	case "diff", "diff-tree", "diff-files", "diff-index":
		return gitDiffOpts + gitDiffCmdOpts, nil, true
	case "range-diff":
		return gitDiffOpts + `--creation-factor= --no-dual-color --left-only --right-only`, nil, true
	case "blame", "annotate":
		return gitBlameOpts, nil, true
	case "grep":
		return gitGrepOpts, nil, true
	}
	return gitPlumbing(sub)
}

// gitPlumbing returns the option tables of read-only plumbing
// subcommands.
func gitPlumbing(sub string) (string, func([]string) bool, bool) {
	switch sub {
	case "ls-files":
		return gitLsFilesOpts, nil, true
	case "ls-tree":
		return `-d -r -t -l --long -z --name-only --name-status --object-only --full-name
			--full-tree --abbrev? --format=`, nil, true
	case "cat-file":
		return `-t -s -e -p --batch? --batch-check? --batch-command? --batch-all-objects --buffer
			--follow-symlinks --unordered --allow-unknown-type -Z -z --path=`, nil, true
	case "rev-parse":
		return gitRevParseOpts, nil, true
	case "describe":
		return `--dirty? --broken? --all --tags --contains --abbrev= --candidates= --exact-match
			--debug --long --match= --exclude= --always --first-parent`, nil, true
	case "merge-base":
		return `-a --all --octopus --independent --is-ancestor --fork-point`, nil, true
	case "show-ref":
		return `--head -d --dereference -s --hash? --verify --abbrev? -q --quiet --tags --branches
			--heads --exists`, nil, true
	case "for-each-ref":
		return `--count= --sort= --format= --color? --shell --perl --python --tcl --points-at=
			--merged? --no-merged? --contains? --no-contains? --ignore-case --omit-empty --exclude=
			--include-root-refs`, nil, true
	case "name-rev":
		return `--tags --refs= --exclude= --all --annotate-stdin --stdin --name-only --no-undefined
			--always`, nil, true
	case "count-objects":
		return `-v --verbose -H --human-readable`, nil, true
	case "check-ignore":
		return `-q --quiet -v --verbose --stdin -z -n --non-matching --no-index`, nil, true
	case "check-attr":
		return `-a --all --cached --stdin -z --source=`, nil, true
	case "cherry":
		return `-v --abbrev?`, nil, true
	case "version":
		return `--build-options`, nil, true
	case "var":
		return `-l`, nil, true
	}
	return gitSubcommandSyntax(sub)
}

// gitSubcommandSyntax covers subcommands whose read-only forms depend on
// their operands (branch and tag list, config reads, stash list).
func gitSubcommandSyntax(sub string) (string, func([]string) bool, bool) {
	switch sub {
	case "branch":
		return "", gitRefListing(gitBranchListOpts, "-l", "--list"), true
	case "tag":
		return "", gitRefListing(gitTagListOpts, "-l", "--list"), true
	case "config":
		return "", gitConfigRead, true
	case "remote":
		return "", gitRemoteRead, true
	case "stash":
		return "", gitStashRead, true
	case "worktree":
		return "", gitFirstThen("list", `--porcelain -v --verbose -z --expire=`), true
	case "reflog":
		return "", gitReflogRead, true
	case "symbolic-ref":
		return "", gitSymbolicRefRead, true
	}
	return "", nil, false
}

// gitRefListing accepts git branch/tag invocations that only list: known
// listing options, and operands (patterns) only with --list.
func gitRefListing(table string, list ...string) func([]string) bool {
	return func(args []string) bool {
		p, ok := parseGNU(table, args)
		return ok && gitValuesOK(p) && (len(p.operands) == 0 || p.has(list...))
	}
}

// gitConfigRead accepts configuration reads: git config get/list, or the
// --get/--list family, with read modifiers only.
func gitConfigRead(args []string) bool {
	if len(args) > 0 && (args[0] == "get" || args[0] == "list") {
		p, ok := parseGNU(gitConfigOpts, args[1:])
		return ok && !p.has(fieldsOf(gitConfigModes)...)
	}
	p, ok := parseGNU(gitConfigOpts, args)
	return ok && p.has(fieldsOf(gitConfigModes)...)
}

// gitRemoteRead accepts `git remote [-v]`, `git remote get-url` and
// `git remote show -n` (which does not contact the remote).
func gitRemoteRead(args []string) bool {
	switch {
	case len(args) == 0:
		return true
	case len(args) == 1 && (args[0] == "-v" || args[0] == "--verbose"):
		return true
	case args[0] == "get-url":
		p, ok := parseGNU(`--push --all`, args[1:])
		return ok && len(p.operands) == 1
	case args[0] == "show":
		p, ok := parseGNU(`-n`, args[1:])
		return ok && p.has("-n")
	}
	return false
}

// gitStashRead accepts `git stash list` and `git stash show`.
func gitStashRead(args []string) bool {
	if len(args) == 0 {
		return false
	}
	switch args[0] {
	case "list":
		p, ok := parseGNU(gitLogOpts+gitDiffOpts, args[1:])
		return ok && gitValuesOK(p)
	case "show":
		p, ok := parseGNU(gitDiffOpts+`-u --include-untracked --only-untracked`, args[1:])
		return ok && gitValuesOK(p)
	}
	return false
}

// gitReflogRead accepts `git reflog [show] …`, `git reflog list` and
// `git reflog exists REF`; not expire, delete or drop.
func gitReflogRead(args []string) bool {
	if len(args) > 0 {
		switch args[0] {
		case "show":
			args = args[1:]
		case "list":
			return len(args) == 1
		case "exists":
			return len(args) == 2
		case "expire", "delete", "drop":
			return false
		}
	}
	p, ok := parseGNU(gitLogOpts+gitDiffOpts, args)
	return ok && gitValuesOK(p)
}

// gitSymbolicRefRead accepts reading a symbolic ref (one operand; two
// would set it, -d deletes it).
func gitSymbolicRefRead(args []string) bool {
	p, ok := parseGNU(`-q --quiet --short --no-recurse --recurse`, args)
	return ok && len(p.operands) == 1
}

// gitFirstThen accepts `git SUB first [options from table]`.
func gitFirstThen(first, table string) func([]string) bool {
	return func(args []string) bool {
		if len(args) == 0 || args[0] != first {
			return false
		}
		p, ok := parseGNU(table, args[1:])
		return ok && len(p.operands) == 0
	}
}
