package shell

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
)

// gitHarmlessKeys lists the configuration keys a repository's own config
// files may set for git to count as read-only there. A model that can
// write .git/config (or a checkout that ships a .git directory) could
// otherwise make `git status` run core.fsmonitor, a filter driver, a
// textconv or diff.external program, load include files or move the work
// tree. It is an allowlist: any other key, or a file this parser does not
// understand, makes git ask. A * matches any subsection.
const gitHarmlessKeys = `core.repositoryformatversion core.filemode core.bare core.logallrefupdates
	core.ignorecase core.precomposeunicode core.symlinks core.autocrlf core.eol core.safecrlf
	core.quotepath core.abbrev core.compression core.loosecompression core.sparsecheckout
	core.sparsecheckoutcone core.untrackedcache core.splitindex core.commitgraph core.multipackindex
	core.preloadindex core.fscache core.longpaths core.checkstat core.trustctime core.whitespace
	core.bigfilethreshold core.deltabasecachelimit core.packedgitlimit core.packedgitwindowsize
	core.warnambiguousrefs core.sharedrepository core.hidedotfiles core.protectntfs core.protecthfs
	core.checkroundtripencoding core.filesreflocktimeout core.packedrefstimeout
	remote.*.url remote.*.pushurl remote.*.fetch remote.*.push remote.*.tagopt remote.*.prune
	remote.*.prunetags remote.*.mirror remote.*.promisor remote.*.partialclonefilter
	remote.*.skipdefaultupdate remote.*.skipfetchall branch.*.remote branch.*.merge branch.*.rebase
	branch.*.pushremote branch.*.description branch.*.vscode-merge-base user.name user.email
	user.signingkey user.useconfigonly init.defaultbranch pull.rebase pull.ff push.default
	push.autosetupremote push.followtags fetch.prune fetch.prunetags fetch.writecommitgraph
	rebase.autostash rebase.autosquash rebase.updaterefs merge.conflictstyle merge.ff
	index.version index.threads index.skiphash feature.manyfiles feature.experimental
	extensions.objectformat extensions.worktreeconfig extensions.partialclone extensions.refstorage
	extensions.preciousobjects extensions.noop submodule.*.url submodule.*.active submodule.*.branch
	lfs.repositoryformatversion lfs.url gc.auto gc.autodetach gc.autopacklimit gc.writecommitgraph
	color.ui color.diff color.status color.branch commit.gpgsign tag.gpgsign tag.sort gpg.format
	diff.renames diff.algorithm diff.colormoved diff.mnemonicprefix diff.noprefix diff.context
	diff.indentheuristic diff.statgraphwidth diff.renamelimit diff.interhunkcontext
	log.date log.decorate log.follow log.abbrevcommit log.showroot status.showuntrackedfiles
	status.branch status.short status.relativepaths status.aheadbehind status.renames
	status.showstash rerere.enabled rerere.autoupdate advice.* i18n.commitencoding
	i18n.logoutputencoding maintenance.auto maintenance.strategy receive.denycurrentbranch
	http.postbuffer credential.usehttppath pack.threads`

// gitKeyHarmless reports whether a key (section.name or
// section.subsection.name) is in gitHarmlessKeys.
func gitKeyHarmless(section, sub, name string) bool {
	key := strings.ToLower(section) + "." + strings.ToLower(name)
	keySub := strings.ToLower(section) + ".*." + strings.ToLower(name)
	if sub == "" {
		return fieldIn(gitHarmlessKeys, key) || fieldIn(gitHarmlessKeys, strings.ToLower(section)+".*")
	}
	return fieldIn(gitHarmlessKeys, keySub)
}

// gitConfigFileHarmless parses a git config file conservatively and
// reports whether every key it sets is harmless. A missing file is
// harmless; a file that cannot be read or parsed is not. Continuation
// lines (a value ending in \) are refused rather than parsed, since a
// wrong guess about them could hide a key.
func gitConfigFileHarmless(path string) bool {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return true
	}
	if err != nil || len(data) > 1<<20 {
		return false
	}
	section, sub := "", ""
	for _, line := range bytes.Split(data, []byte("\n")) {
		s := strings.TrimSpace(strings.TrimSuffix(string(line), "\r"))
		if strings.HasSuffix(s, `\`) {
			return false
		}
		if strings.HasPrefix(s, "[") {
			var ok bool
			section, sub, s, ok = gitSectionHeader(s)
			if !ok {
				return false
			}
		}
		if s == "" || s[0] == '#' || s[0] == ';' {
			continue
		}
		name, _, _ := strings.Cut(s, "=")
		name = strings.TrimSpace(name)
		if section == "" || !gitName(name) || !gitKeyHarmless(section, sub, name) {
			return false
		}
	}
	return true
}

// gitSectionHeader parses [section], [section "sub"] or [section.sub] and
// returns what follows the header on the same line.
func gitSectionHeader(s string) (section, sub, rest string, ok bool) {
	end := strings.IndexByte(s, ']')
	if end < 0 {
		return "", "", "", false
	}
	head, rest := s[1:end], strings.TrimSpace(s[end+1:])
	if name, quoted, found := strings.Cut(head, " "); found {
		quoted = strings.TrimSpace(quoted)
		if len(quoted) < 2 || quoted[0] != '"' || quoted[len(quoted)-1] != '"' ||
			strings.ContainsAny(quoted[1:len(quoted)-1], `"\`) {
			return "", "", "", false
		}
		section, sub = name, quoted[1:len(quoted)-1]
	} else if name, dotted, found := strings.Cut(head, "."); found {
		section, sub = name, dotted
	} else {
		section = head
	}
	return section, sub, rest, gitName(section)
}

// gitName reports whether s is a valid section or variable name.
func gitName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !isAlnum(c) && c != '-' {
			return false
		}
	}
	return true
}

// gitRepoHarmless finds the repository git would use from dir (absolute,
// resolved) — --git-dir when given, else the first .git (directory or
// "gitdir:" file) or bare repository walking up — and reports whether
// its configuration files only set harmless keys. No repository at all
// is harmless: git then fails.
func gitRepoHarmless(dir, gitDir string) bool {
	g := gitDir
	if g == "" {
		var ok bool
		if g, ok = discoverGitDir(dir); !ok {
			return false
		}
		if g == "" {
			return true
		}
	} else if !filepath.IsAbs(g) {
		g = filepath.Join(dir, g)
	}
	files := []string{filepath.Join(g, "config"), filepath.Join(g, "config.worktree")}
	if common, err := os.ReadFile(filepath.Join(g, "commondir")); err == nil {
		c := strings.TrimSpace(string(common))
		if !filepath.IsAbs(c) {
			c = filepath.Join(g, c)
		}
		files = append(files, filepath.Join(c, "config"))
	}
	for _, f := range files {
		if !gitConfigFileHarmless(f) {
			return false
		}
	}
	return true
}

// discoverGitDir walks up from dir as git does. It returns "" when there
// is no repository, and false when a .git entry cannot be understood.
func discoverGitDir(dir string) (string, bool) {
	for d := dir; ; d = filepath.Dir(d) {
		dotGit := filepath.Join(d, ".git")
		if fi, err := os.Stat(dotGit); err == nil {
			if fi.IsDir() {
				return dotGit, true
			}
			return gitFileTarget(d, dotGit)
		}
		if isGitDir(d) {
			return d, true
		}
		if d == filepath.Dir(d) {
			return "", true
		}
	}
}

// gitFileTarget reads a "gitdir: PATH" file.
func gitFileTarget(base, file string) (string, bool) {
	data, err := os.ReadFile(file)
	if err != nil || len(data) > 4096 {
		return "", false
	}
	target, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir:")
	target = strings.TrimSpace(target)
	if !ok || target == "" {
		return "", false
	}
	if !filepath.IsAbs(target) {
		target = filepath.Join(base, target)
	}
	return target, true
}

// isGitDir reports whether d looks like a git directory (a bare
// repository): HEAD and objects/ exist. git's own test also wants refs/;
// asking for less finds more candidates, which only means more checks.
func isGitDir(d string) bool {
	if _, err := os.Stat(filepath.Join(d, "HEAD")); err != nil {
		return false
	}
	fi, err := os.Stat(filepath.Join(d, "objects"))
	return err == nil && fi.IsDir()
}
