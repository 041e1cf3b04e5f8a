package shell

import "strings"

// gitOverrides are configuration values that a read-only git command
// runs with, whatever the repository's config files say: no fsmonitor
// or hook program, no pager, no signature checks, and no recursion into
// submodules (whose configuration is not checked). They are passed in
// GIT_CONFIG_PARAMETERS, which git hands on to the git processes it
// starts.
const gitOverrides = `core.fsmonitor=false core.hooksPath=/dev/null core.pager=cat
	log.showSignature=false diff.ignoreSubmodules=all submodule.recurse=false
	status.submoduleSummary=false`

// HardenEnv returns env (KEY=VALUE entries) prepared for a line that runs
// without asking because it is read-only (a.ReadOnly()):
//
//   - CDPATH, BASH_ENV and ENV are removed, so cd and the shell go where
//     the classifier judged and run no startup file;
//   - git runs with GitEnv;
//   - go runs with GOENV=off (a go env file written earlier, with
//     GOFLAGS=-toolexec=… or CC=…, is ignored), GOTOOLCHAIN=local and
//     GOPROXY=off (nothing is downloaded).
func HardenEnv(env []string, a Analysis) []string {
	git, golang := false, false
	for _, c := range a.Commands {
		switch programName(c.words[0]) {
		case "git":
			git = true
		case "go":
			golang = true
		}
	}
	out := make([]string, 0, len(env)+8)
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		switch {
		case name == "CDPATH" || name == "BASH_ENV" || name == "ENV":
			continue
		case golang && (name == "GOENV" || name == "GOTOOLCHAIN" || name == "GOPROXY"):
			continue
		}
		out = append(out, kv)
	}
	if git {
		out = GitEnv(out)
	}
	if golang {
		out = append(out, "GOENV=off", "GOTOOLCHAIN=local", "GOPROXY=off")
	}
	return out
}

// GitEnv returns env with what git needs to inspect a repository without
// running programs its configuration names: gitOverrides in
// GIT_CONFIG_PARAMETERS (after any already there), GIT_OPTIONAL_LOCKS=0
// (git status does not rewrite the index, which could run a hook) and
// GIT_NO_LAZY_FETCH=1 (a partial clone fetches nothing).
func GitEnv(env []string) []string {
	out := make([]string, 0, len(env)+3)
	params := ""
	for _, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		switch name {
		case "GIT_CONFIG_PARAMETERS":
			params = value
		case "GIT_OPTIONAL_LOCKS", "GIT_NO_LAZY_FETCH":
		default:
			out = append(out, kv)
		}
	}
	for _, o := range fieldsOf(gitOverrides) {
		params = strings.TrimSpace(params + " '" + o + "'")
	}
	return append(out, "GIT_CONFIG_PARAMETERS="+params, "GIT_OPTIONAL_LOCKS=0", "GIT_NO_LAZY_FETCH=1")
}

// InHarmlessGitRepo reports whether git run in dir (an absolute, resolved
// directory) would find a repository, and one that sets only
// configuration keys that run no program (see gitHarmlessKeys). Together
// with GitEnv this is what lets Hone run git on its own in a repository a
// model may have written. Outside every repository git status can only
// fail, so there is no point starting it.
func InHarmlessGitRepo(dir string) bool {
	g, ok := discoverGitDir(dir)
	return ok && g != "" && gitRepoHarmless(dir, g)
}
