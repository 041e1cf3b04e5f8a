package shell

// Option tables of read-only git subcommands. Left out on purpose:
// --output (writes a file), --ext-diff and --textconv (run configured
// programs; --no-ext-diff and --no-textconv are fine), --submodule and
// --recurse-submodules (run git in other repositories), --show-signature
// and signature formats (run gpg), -O/--open-files-in-pager of git grep
// (runs a program), --no-index (compares files outside the repository),
// git config --includes (reads the files a config file includes).
const (
	gitDiffOpts = ` -p -u --patch -s --no-patch -U= --unified= --output-indicator-new=
	--output-indicator-old= --output-indicator-context= --raw --patch-with-raw --indent-heuristic
	--no-indent-heuristic --minimal --patience --histogram --anchored= --diff-algorithm= --stat?
	--stat-width= --stat-name-width= --stat-count= --stat-graph-width= --compact-summary --numstat
	--shortstat -X? --dirstat? --cumulative --dirstat-by-file? --summary --patch-with-stat -z
	--name-only --name-status --color? --no-color --color-moved? --no-color-moved --color-moved-ws=
	--no-color-moved-ws --word-diff? --word-diff-regex= --color-words? --no-renames --renames
	--rename-empty --no-rename-empty --check --ws-error-highlight= --full-index --binary --abbrev?
	--no-abbrev -B? --break-rewrites? -M? --find-renames? -C? --find-copies? --find-copies-harder
	-D --irreversible-delete -l? --diff-filter= -S= -G= --find-object= --pickaxe-all --pickaxe-regex
	-O= --skip-to= --rotate-to= -R --relative? --no-relative -a --text --ignore-cr-at-eol
	--ignore-space-at-eol -b --ignore-space-change -w --ignore-all-space --ignore-blank-lines -I=
	--ignore-matching-lines= --inter-hunk-context= -W --function-context --no-function-context
	--exit-code --quiet --no-ext-diff --no-textconv --ignore-submodules? --src-prefix= --dst-prefix=
	--no-prefix --default-prefix --line-prefix= --ita-invisible-in-index --ita-visible-in-index
	-t --help`
	gitDiffCmdOpts = ` -1 -2 -3 -0 --base --ours --theirs --cached --staged --merge-base -r --root
	--stdin -m -c --cc --always -v --no-commit-id --pretty? --format=`
	gitLogOpts = ` -# -n= --max-count= --skip= --since= --after= --since-as-filter= --until= --before=
	--author= --committer= --grep-reflog= --grep= --all-match --invert-grep -i --regexp-ignore-case
	--basic-regexp -E --extended-regexp -F --fixed-strings -P --perl-regexp --remove-empty --merges
	--no-merges --min-parents= --max-parents= --no-min-parents --no-max-parents --first-parent
	--exclude-first-parent-only --not --all --branches? --tags? --remotes? --glob= --exclude=
	--exclude-hidden= --reflog --alternate-refs --single-worktree --ignore-missing --bisect --stdin
	--cherry-mark --cherry-pick --left-only --right-only --cherry -g --walk-reflogs --merge --boundary
	--simplify-by-decoration --show-pulls --full-history --dense --sparse --simplify-merges
	--ancestry-path? --date-order --author-date-order --topo-order --reverse --no-walk? --do-walk
	--format= --pretty? --abbrev-commit --no-abbrev-commit --oneline --encoding= --expand-tabs?
	--no-expand-tabs --notes? --no-notes --show-notes? --standard-notes --no-standard-notes
	--relative-date --date= --parents --children --left-right --graph --no-graph --show-linear-break?
	-c --cc --dd --remerge-diff --diff-merges= --no-diff-merges --combined-all-paths -m -r -t --root
	--no-decorate --decorate? --decorate-refs= --decorate-refs-exclude= --clear-decorations --source
	--use-mailmap --mailmap --no-mailmap --no-use-mailmap --full-diff --log-size -L= --follow
	--no-follow --objects --objects-edge --count --header --timestamp --unpacked --disk-usage?
	--filter= --no-filter --in-commit-order --no-object-names --object-names --quiet`
	gitShortlogOpts = ` -n --numbered -s --summary -e --email --group= --committer -w?`
	gitStatusOpts   = `-s --short -b --branch --show-stash --no-show-stash --porcelain? --long
	-v --verbose -u? --untracked-files? --ignore-submodules? --ignored? -z --column? --no-column
	--ahead-behind --no-ahead-behind --renames --no-renames --find-renames?`
	gitBlameOpts = `-b --root --show-stats -L= -l -t -S= --reverse= --first-parent -p --porcelain
	--line-porcelain --incremental --encoding= --contents= --date= --progress --no-progress -M? -C?
	--ignore-rev= --ignore-revs-file= --color-lines --color-by-age -h -c -f --show-name -n
	--show-number -s -e --show-email -w --abbrev? --score-debug`
	gitGrepOpts = `--cached --untracked --no-exclude-standard --exclude-standard -a --text
	--no-textconv -i --ignore-case -I --max-depth= -r --recursive --no-recursive -w --word-regexp
	-v --invert-match -h -H --full-name -E --extended-regexp -G --basic-regexp -P --perl-regexp
	-F --fixed-strings -n --line-number --column -l --files-with-matches --name-only
	-L --files-without-match -z --null -o --only-matching -c --count --color? --no-color --break
	--heading -p --show-function -A= -B= -C= --after-context= --before-context= --context= -#
	-W --function-context --threads= -f= -e= --and --or --not --all-match -q --quiet -m=
	--max-count=`
	gitLsFilesOpts = `-c --cached -d --deleted -m --modified -o --others -i --ignored -s --stage
	-k --killed --directory --no-empty-directory --eol -u --unmerged --resolve-undo -x= --exclude=
	-X= --exclude-from= --exclude-per-directory= --exclude-standard --error-unmatch --with-tree= -t
	-v -f --full-name --abbrev? --debug --deduplicate --sparse --format= -z`
	gitRevParseOpts = `--abbrev-ref? --symbolic --symbolic-full-name --short? --verify -q --quiet
	--sq --sq-quote --not --all --branches? --tags? --remotes? --glob= --exclude= --exclude-hidden=
	--disambiguate= --show-toplevel --show-prefix --show-cdup --git-dir --git-common-dir
	--absolute-git-dir --is-inside-git-dir --is-inside-work-tree --is-bare-repository
	--is-shallow-repository --show-superproject-working-tree --show-object-format?
	--show-ref-format --local-env-vars --resolve-git-dir= --git-path= --shared-index-path --since=
	--after= --until= --before= --default= --prefix= --revs-only --no-revs --flags --no-flags
	--stop-at-non-option --keep-dashdash --stuck-long --path-format=`
	gitBranchListOpts = `-a --all -r --remotes -l --list -v -vv --verbose --show-current --color?
	--no-color --column? --no-column -i --ignore-case --omit-empty --contains? --no-contains?
	--merged? --no-merged? --points-at= --sort= --format= --abbrev? --no-abbrev`
	gitTagListOpts = `-l --list -n? --sort= --format= --contains? --no-contains? --merged?
	--no-merged? --points-at? --column? --no-column -i --ignore-case --color? --omit-empty`
	gitConfigOpts = `--get --get-all --get-regexp --get-urlmatch --list -l --get-color
	--get-colorbool --global --system --local --worktree -f= --file= --blob= --no-includes --show-origin --show-scope --name-only -z --null --type= --bool --int
	--bool-or-int --path --expiry-date --default= --fixed-value --all --regexp= --value= --url=`
	// gitNotPaths are options whose values are patterns, formats or
	// names, never opened as files.
	gitNotPaths = `--grep --author --committer --grep-reflog -S -G --format --pretty --date --since
	--until --after --before -e --word-diff-regex --decorate-refs --decorate-refs-exclude --glob
	--exclude --branches --tags --remotes --sort --src-prefix --dst-prefix --line-prefix
	--diff-filter --match --points-at --contains --merged --no-merged --no-contains`
	// gitConfigModes are git config's reading modes.
	gitConfigModes = `--get --get-all --get-regexp --get-urlmatch --list -l --get-color --get-colorbool`
)
