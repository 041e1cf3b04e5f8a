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
//   - git runs with gitOverrides, GIT_OPTIONAL_LOCKS=0 (git status does
//     not rewrite the index) and GIT_NO_LAZY_FETCH=1 (a partial clone
//     does not fetch missing objects);
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
	params := ""
	for _, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		switch {
		case name == "CDPATH" || name == "BASH_ENV" || name == "ENV":
			continue
		case git && name == "GIT_CONFIG_PARAMETERS":
			params = value
			continue
		case golang && (name == "GOENV" || name == "GOTOOLCHAIN" || name == "GOPROXY"):
			continue
		}
		out = append(out, kv)
	}
	if git {
		for _, o := range fieldsOf(gitOverrides) {
			params = strings.TrimSpace(params + " '" + o + "'")
		}
		out = append(out, "GIT_CONFIG_PARAMETERS="+params, "GIT_OPTIONAL_LOCKS=0", "GIT_NO_LAZY_FETCH=1")
	}
	if golang {
		out = append(out, "GOENV=off", "GOTOOLCHAIN=local", "GOPROXY=off")
	}
	return out
}
