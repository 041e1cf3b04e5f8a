package shell

// searchProgram returns the tables of programs that search files.
func searchProgram(name string) (program, bool) {
	switch name {
	case "grep", "egrep", "fgrep":
		// Not -R/--dereference-recursive: it follows every link below the
		// directories it searches (-r follows only those named on the
		// command line, which are judged as paths).
		return program{opts: `-E --extended-regexp -F --fixed-strings -G --basic-regexp
			-P --perl-regexp -e= --regexp= -f= --file= -i -y --ignore-case --no-ignore-case
			-v --invert-match -w --word-regexp -x --line-regexp -c --count --color? --colour?
			-L --files-without-match -l --files-with-matches -m= --max-count= -o --only-matching
			-q --quiet --silent -s --no-messages -b --byte-offset -H --with-filename
			-h --no-filename --label= -n --line-number --line-buffered -T --initial-tab -Z --null
			-A= --after-context= -B= --before-context= -C= --context= -# --group-separator=
			--no-group-separator -a --text --binary-files= -D= --devices= -d= --directories=
			--exclude= --exclude-from= --exclude-dir= --include= -r --recursive -U --binary
			-z --null-data --help -V --version`, check: grepDirectories,
			notPaths: `-e --regexp --label --group-separator --exclude --include --exclude-dir`,
			pattern:  true, patternOpts: `-e --regexp -f --file`}, true
	case "rg":
		// Not -L/--follow (follows links), --pre and --pre-glob (run a
		// program on each file), -z/--search-zip (runs decompressors),
		// --hostname-bin (runs a program).
		return program{opts: `-e= --regexp= -f= --file= -i --ignore-case -s --case-sensitive
			-S --smart-case -v --invert-match -w --word-regexp -x --line-regexp -F --fixed-strings
			-P --pcre2 --no-pcre2 --engine= -U --multiline --multiline-dotall -c --count
			--count-matches -l --files-with-matches --files-without-match --files -n --line-number
			-N --no-line-number -H --with-filename -I --no-filename --heading --no-heading
			-o --only-matching -r= --replace= -A= -B= -C= --after-context= --before-context=
			--context= --context-separator= --no-context-separator -m= --max-count= -d= --max-depth=
			--maxdepth= --max-filesize= -g= --glob= --iglob= --glob-case-insensitive
			--no-glob-case-insensitive -t= --type= -T= --type-not= --type-list --type-add=
			--type-clear= -u --unrestricted --hidden --no-hidden --no-ignore --no-ignore-vcs
			--no-ignore-dot --no-ignore-exclude --no-ignore-files --no-ignore-global
			--no-ignore-parent --ignore --ignore-file= --ignore-file-case-insensitive -a --text
			--binary --no-binary --json --no-json --vimgrep --column --no-column -b --byte-offset
			--trim --no-trim -M= --max-columns= --max-columns-preview --color= --colors= --no-config
			--sort= --sortr= --sort-files --stats --no-stats -q --quiet -j= --threads= --mmap
			--no-mmap -0 --null --null-data --passthru --passthrough --line-buffered
			--block-buffered -E= --encoding= --no-encoding --crlf --no-crlf --no-unicode --unicode
			--debug --trace --no-messages --messages --no-ignore-messages --no-require-git
			--one-file-system --field-match-separator= --field-context-separator=
			--path-separator= --dfa-size-limit= --regex-size-limit= --auto-hybrid-regex
			--include-zero --pretty -p --hyperlink-format= --heading -V --version -h --help
			--generate=`,
			notPaths: `-e --regexp -g --glob --iglob -r --replace -t --type -T --type-not --type-add
				--type-clear --context-separator --field-match-separator --field-context-separator
				--path-separator --colors --hyperlink-format --engine --sort --sortr --encoding -E`,
			pattern: true, patternOpts: `-e --regexp -f --file --files --type-list`}, true
	}
	return walkProgram(name)
}

// walkProgram returns the tables of programs that walk directories.
func walkProgram(name string) (program, bool) {
	switch name {
	case "fd", "fdfind":
		// Not -x/--exec and -X/--exec-batch (run programs), -L/--follow,
		// -l/--list-details (runs ls), --base-directory (moves before
		// reading the search paths).
		return program{opts: `-H --hidden -I --no-ignore --no-ignore-vcs --no-ignore-parent
			-u --unrestricted -s --case-sensitive -i --ignore-case -g --glob --regex -F
			--fixed-strings -a --absolute-path -p --full-path -0 --print0 -d= --max-depth=
			--min-depth= --exact-depth= --prune -t= --type= -e= --extension= -S= --size=
			--changed-within= --changed-before= --change-newer-than= --change-older-than=
			--newer= --older= -o= --owner= -E= --exclude= --ignore-file= -c= --color= -j= --threads=
			--max-results= -1 -q --quiet --show-errors --search-path=
			--path-separator= --strip-cwd-prefix? --one-file-system --mount --xdev --no-require-git
			--format= --hyperlink? -h --help -V --version`,
			notPaths: `-e --extension -E --exclude -t --type --format --path-separator -S --size`,
			pattern:  true}, true
	case "find":
		return program{judge: findReadOnly}, true
	case "sed":
		return program{judge: sedReadOnly}, true
	}
	return program{}, false
}

// grepDirectories accepts only the documented values of -d/--directories
// and -D/--devices.
func grepDirectories(p parsed) bool {
	for _, v := range p.values("-d", "--directories", "-D", "--devices") {
		switch v {
		case "read", "skip", "recurse":
		default:
			return false
		}
	}
	return true
}
