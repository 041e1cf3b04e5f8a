package shell

import "strings"

// gitCommands are git's own commands (builtins and the scripts it ships)
// and git-lfs. Any other word after git's global options is an alias or
// an external git-NAME program, which can run anything: deny rules then
// match it whatever its name, and the guardrails cannot check it.
const gitCommands = `add am annotate apply archive bisect blame branch bugreport bundle cat-file
	check-attr check-ignore check-mailmap check-ref-format checkout checkout-index cherry
	cherry-pick clean clone column commit commit-graph commit-tree config count-objects credential
	credential-cache credential-store daemon describe diagnose diff diff-files diff-index diff-tree
	difftool fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg for-each-ref
	for-each-repo format-patch fsck fsck-objects gc get-tar-commit-id grep gui hash-object help hook
	http-backend imap-send index-pack init init-db instaweb interpret-trailers log ls-files
	ls-remote ls-tree mailinfo mailsplit maintenance merge merge-base merge-file merge-index
	merge-octopus merge-one-file merge-ours merge-recursive merge-resolve merge-subtree merge-tree
	mergetool mktag mktree multi-pack-index mv name-rev notes pack-objects pack-redundant
	pack-refs patch-id prune prune-packed pull push quiltimport range-diff read-tree rebase
	receive-pack reflog remote repack replace request-pull rerere reset restore rev-list rev-parse
	revert rm send-email send-pack shortlog show show-branch show-index show-ref sparse-checkout
	stage stash status stripspace submodule subtree switch symbolic-ref tag unpack-file
	unpack-objects update-index update-ref update-server-info upload-archive upload-pack var
	verify-commit verify-pack verify-tag version whatchanged worktree write-tree lfs`

// gitScripts judges what git's global options make it run: -c and
// --config-env with a key outside gitHarmlessKeys may name a program
// (core.pager, core.fsmonitor, alias.x=!cmd …), so a static value is
// analysed as a script and a value from the environment is unchecked;
// a subcommand that is not one of git's own may be an alias.
func (an *analyzer) gitScripts(ws []word, depth int) {
	args := texts(ws[1:])
	i := 0
	for ; i < len(args) && ws[i+1].lit && strings.HasPrefix(args[i], "-"); i++ {
		p, n, ok := parseOne(gitGlobalAll, args, i)
		if !ok {
			return
		}
		for _, o := range p.opts {
			an.gitConfigOption(o, ws[o.at+1], depth)
		}
		i += n
	}
	if i < len(args) && ws[i+1].lit && !fieldIn(gitCommands, args[i]) {
		an.unchecked("`git " + args[i] + "` is not a git command: an alias can run any program")
	}
	if i < len(args) && args[i] == "config" {
		an.gitConfigSet(ws[i+2:], depth)
	}
}

// gitConfigSet judges `git config [options] KEY VALUE` (and `git config
// set KEY VALUE`): a value stored under a key outside gitHarmlessKeys may
// be a program git runs later, so it is analysed as a script.
func (an *analyzer) gitConfigSet(ws []word, depth int) {
	var ops []word
	for _, w := range ws {
		if !w.lit || !strings.HasPrefix(w.text, "-") {
			ops = append(ops, w)
		}
	}
	if len(ops) > 0 && ops[0].lit && ops[0].text == "set" {
		ops = ops[1:]
	}
	if len(ops) < 2 || !ops[0].lit || gitKeyHarmlessName(ops[0].text) {
		return
	}
	an.gitConfigOption(option{name: "-c", value: ops[0].text + "=" + ops[1].text}, ops[1], depth)
}

// gitConfigOption judges one -c KEY=VALUE or --config-env=KEY=VAR.
func (an *analyzer) gitConfigOption(o option, w word, depth int) {
	if o.name != "-c" && o.name != "--config-env" {
		return
	}
	key, value, _ := strings.Cut(o.value, "=")
	if gitKeyHarmlessName(key) {
		return
	}
	switch {
	case o.name == "--config-env" || !w.lit:
		an.unchecked("`git " + o.name + " " + key + "` takes a value that may name a program from the environment")
	case value != "":
		an.script(strings.TrimPrefix(value, "!"), depth+1)
	}
}

// gitKeyHarmlessName splits section[.subsection].name and looks it up.
func gitKeyHarmlessName(key string) bool {
	first := strings.IndexByte(key, '.')
	last := strings.LastIndexByte(key, '.')
	if first < 0 {
		return false
	}
	sub := ""
	if last > first {
		sub = key[first+1 : last]
	}
	return gitKeyHarmless(key[:first], sub, key[last+1:])
}
