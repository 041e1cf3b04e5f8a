package shell

// fileProgram returns the tables of programs that list and describe
// files.
func fileProgram(name string) (program, bool) {
	switch name {
	case "ls":
		// Not -L/--dereference (lists through links, recursively with
		// -R) nor -H (links on the command line are judged as paths
		// anyway; kept out for simplicity).
		return program{opts: `-a --all -A --almost-all --author -b --escape --block-size= -B --ignore-backups
			-c -C --color? --colour? -d --directory -D --dired -f -F --classify? --file-type --format=
			--full-time -g --group-directories-first -G --no-group -h --human-readable --si --hide=
			--hyperlink? --indicator-style= -i --inode -I= --ignore= -k --kibibytes -l -m
			-n --numeric-uid-gid -N --literal -o -p -q --hide-control-chars --show-control-chars
			-Q --quote-name --quoting-style= -r --reverse -R --recursive -s --size -S --sort= --time=
			--time-style= -t -T= --tabsize= -u -U -v -w= --width= -x -X -Z --context --zero -1
			--help --version`, notPaths: `-I --ignore --hide --time-style --format --sort --time
			--quoting-style --indicator-style --block-size --color --colour`}, true
	case "stat":
		return program{opts: `-L --dereference -f --file-system -c= --format= --printf= -t --terse
			--cached= --help --version`, notPaths: `-c --format --printf`}, true
	case "du":
		// Not -L/--dereference (follows every link it meets), -D/-H,
		// --files0-from.
		return program{opts: `-0 --null -a --all --apparent-size -B= --block-size= -b --bytes
			-c --total -d= --max-depth= -h --human-readable --inodes -k -l --count-links -m
			-P --no-dereference -s --summarize --si -S --separate-dirs -t= --threshold= --time?
			--time-style= -x --one-file-system -X= --exclude-from= --exclude= --help --version`,
			notPaths: `--exclude --time-style`}, true
	case "df":
		// Not --sync (flushes file systems).
		return program{opts: `-a --all -B= --block-size= -h --human-readable -H --si -i --inodes -k
			-l --local --no-sync --output? -P --portability --total -t= --type= -T --print-type
			-x= --exclude-type= --help --version`}, true
	case "tree":
		// Not -o (writes its output to a file), -R (writes 00Tree.html
		// files), -l (follows links to directories).
		return program{notPaths: `-P -I --timefmt --sort --charset`, opts: `-a -d -f -x -L= -P= -I= --gitignore --ignore-case --matchdirs
			--metafirst --prune --noreport --charset= --filelimit= --timefmt= -q -N -Q -p -u -g -s -h
			--si --du -D --inodes --device -F -v -t -c -U -r --dirsfirst --filesfirst --sort= -i -A -S
			-n -C -X -J --help --version`}, true
	case "realpath":
		return program{opts: `-e --canonicalize-existing -m --canonicalize-missing -L --logical
			-P --physical -q --quiet -s --strip --no-symlinks -z --zero --relative-to=
			--relative-base= --help --version`}, true
	case "readlink":
		return program{opts: `-f --canonicalize -e --canonicalize-existing -m --canonicalize-missing
			-n --no-newline -q --quiet -s --silent -v --verbose -z --zero --help --version`}, true
	}
	return fileContentProgram(name)
}

// fileContentProgram returns the tables of programs that read file
// contents.
func fileContentProgram(name string) (program, bool) {
	switch name {
	case "file":
		// Not -C/--compile (writes a magic file), -f/--files-from (reads
		// names from a file).
		return program{opts: `-b --brief -c --checking-printout -d --debug -e= --exclude=
			--exclude-quiet= -E --extension -F= --separator= -h --no-dereference -i --mime
			--mime-type --mime-encoding -k --keep-going -l --list -L --dereference -m= --magic-file=
			-N --no-pad -n --no-buffer -p --preserve-date -P= --parameter= -r --raw -s --special-files
			-S --no-sandbox -z --uncompress -Z --uncompress-noreport -0 --print0 --apple
			--extension --help -v --version`}, true
	case "cat":
		return program{opts: `-A --show-all -b --number-nonblank -e -E --show-ends -n --number
			-s --squeeze-blank -t -T --show-tabs -u -v --show-nonprinting --help --version`}, true
	case "head":
		return program{opts: `-c= --bytes= -n= --lines= -q --quiet --silent -v --verbose
			-z --zero-terminated -# --help --version`}, true
	case "tail":
		return program{opts: `-c= --bytes= -f --follow? -F -n= --lines= --max-unchanged-stats= --pid=
			-q --quiet --silent --retry -s= --sleep-interval= -v --verbose -z --zero-terminated -#
			--help --version`}, true
	case "wc":
		// Not --files0-from: it reads the names of the files to count.
		return program{opts: `-c --bytes -m --chars -l --lines -L --max-line-length -w --words
			--total= --help --version`}, true
	case "md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum":
		// Not -c/--check: it reads the names of the files to hash from a
		// list.
		return program{opts: `-b --binary -t --text -z --zero --tag --untagged -l= --length=
			--help --version`}, true
	case "cksum":
		return program{opts: `-a= --algorithm= -l= --length= --raw --tag --untagged -z --zero
			--base64 --debug --help --version`}, true
	case "od":
		return program{opts: `-A= --address-radix= --endian= -j= --skip-bytes= -N= --read-bytes=
			-S= --strings? -t= --format= -v --output-duplicates -w? --width? --traditional
			-a -b -c -d -f -i -l -o -s -x --help --version`}, true
	case "hexdump":
		return program{opts: `-b --one-byte-octal -X --one-byte-hex -c --one-byte-char
			-C --canonical -d --two-bytes-decimal -o --two-bytes-octal -x --two-bytes-hex
			-e= --format= -f= --format-file= -L? --color? -n= --length= -s= --skip= -v --no-squeezing
			-h --help -V --version`}, true
	case "strings":
		// binutils reads more options from @FILE words; those are not
		// options here, and a word starting with @ is refused by check.
		return program{opts: `-a --all -d --data -f --print-file-name -n= --bytes= -t= --radix= -o
			-e= --encoding= -w --include-all-whitespace -s= --output-separator= -U= --unicode= -#
			--help -v -V --version`, check: noAtFile}, true
	}
	return compareProgram(name)
}

// compareProgram returns the tables of programs that compare files.
func compareProgram(name string) (program, bool) {
	switch name {
	case "diff":
		// Not -r/--recursive and -N (diff follows links while walking
		// directories), -l/--paginate (runs pr).
		return program{opts: `-q --brief -s --report-identical-files -c -C= --context? -u -U=
			--unified? -e --ed -n --rcs -y --side-by-side -W= --width= --left-column
			--suppress-common-lines -p --show-c-function -F= --show-function-line= --label=
			-t --expand-tabs -T --initial-tab --tabsize= --suppress-blank-empty -i --ignore-case
			--ignore-file-name-case --no-ignore-file-name-case -E --ignore-tab-expansion
			-Z --ignore-trailing-space -b --ignore-space-change -w --ignore-all-space
			-B --ignore-blank-lines -I= --ignore-matching-lines= -a --text --strip-trailing-cr
			-D= --ifdef= --line-format= --old-line-format= --new-line-format=
			--unchanged-line-format= --old-group-format= --new-group-format= --changed-group-format=
			--unchanged-group-format= -d --minimal --horizon-lines= --speed-large-files --color?
			--palette= --normal --no-dereference --from-file= --to-file= --help -v --version`}, true
	case "cmp":
		return program{opts: `-b --print-bytes -i= --ignore-initial= -l --verbose -n= --bytes=
			-s --quiet --silent --help -v --version`}, true
	}
	return program{}, false
}

// noAtFile refuses binutils' @FILE operands, which read options from a
// file.
func noAtFile(p parsed) bool {
	for _, o := range p.operands {
		if len(o) > 0 && o[0] == '@' {
			return false
		}
	}
	return true
}
