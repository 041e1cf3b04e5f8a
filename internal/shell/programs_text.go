package shell

import "strings"

// textProgram returns the tables of text filters.
func textProgram(name string) (program, bool) {
	switch name {
	case "cut":
		return program{opts: `-b= --bytes= -c= --characters= -d= --delimiter= -f= --fields= -n
			--complement -s --only-delimited --output-delimiter= -z --zero-terminated --help --version`,
			notPaths: `-d --delimiter --output-delimiter`}, true
	case "tr":
		return program{text: true, opts: `-c -C --complement -d --delete -s --squeeze-repeats
			-t --truncate-set1 --help --version`}, true
	case "nl":
		return program{opts: `-b= --body-numbering= -d= --section-delimiter= -f= --footer-numbering=
			-h= --header-numbering= -i= --line-increment= -l= --join-blank-lines= -n= --number-format=
			-p --no-renumber -s= --number-separator= -v= --starting-line-number= -w= --number-width=
			--help --version`, notPaths: `-s --number-separator -d --section-delimiter`}, true
	case "fold":
		return program{opts: `-b --bytes -s --spaces -w= --width= --help --version`}, true
	case "fmt":
		return program{opts: `-c --crown-margin -p= --prefix= -s --split-only -t --tagged-paragraph
			-u --uniform-spacing -w= --width= -g= --goal= -# --help --version`}, true
	case "column":
		return program{opts: `-t --table -s= --separator= -o= --output-separator= -c= --output-width=
			-x --fillrows -N= --table-columns= -R= --table-right= -T= --table-truncate=
			-E= --table-noextreme= -W= --table-wrap= -H= --table-hide= -O= --table-order= -J --json
			-L --keep-empty-lines -d --table-noheadings -e --table-header-repeat -h --help
			-V --version`, notPaths: `-s --separator -o --output-separator`}, true
	case "expand":
		return program{opts: `-i --initial -t= --tabs= --help --version`}, true
	case "unexpand":
		return program{opts: `-a --all --first-only -t= --tabs= --help --version`}, true
	case "paste":
		return program{opts: `-d= --delimiters= -s --serial -z --zero-terminated --help --version`,
			notPaths: `-d --delimiters`}, true
	case "rev":
		return program{opts: `-0 --zero -h --help -V --version`}, true
	case "tac":
		return program{opts: `-b --before -r --regex -s= --separator= --help --version`,
			notPaths: `-s --separator`}, true
	}
	return textSortProgram(name)
}

// textSortProgram returns the tables of text filters that sort, compare
// and query.
func textSortProgram(name string) (program, bool) {
	switch name {
	case "comm":
		return program{opts: `-1 -2 -3 --check-order --nocheck-order --output-delimiter= --total
			-z --zero-terminated --help --version`, notPaths: `--output-delimiter`}, true
	case "sort":
		// Not -o/--output (writes a file, even with --o or --out),
		// --compress-program (runs a program), -T (writes temporary files
		// there), --random-source and --files0-from (read other files).
		return program{opts: `-b --ignore-leading-blanks -d --dictionary-order -f --ignore-case
			-g --general-numeric-sort -i --ignore-nonprinting -M --month-sort -h --human-numeric-sort
			-n --numeric-sort -R --random-sort -r --reverse -V --version-sort --sort= -c -C --check?
			-k= --key= -m --merge -s --stable -t= --field-separator= -S= --buffer-size= -u --unique
			-z --zero-terminated --debug --parallel= --batch-size= --help --version`,
			notPaths: `-t --field-separator -k --key`}, true
	case "uniq":
		// A second operand is the output file.
		return program{opts: `-c --count -d --repeated -D --all-repeated? --group? -f= --skip-fields=
			-i --ignore-case -s= --skip-chars= -u --unique -z --zero-terminated -w= --check-chars=
			--help --version`, check: operandsAtMost(1)}, true
	case "jq":
		// Not -L (module search path) or -f (a filter file, which could
		// load modules), and no filter that loads modules (see jqFilter).
		return program{opts: `-n --null-input -r --raw-output --raw-output0 -j --join-output
			-a --ascii-output -c --compact-output -C --color-output -M --monochrome-output
			-S --sort-keys -s --slurp -R --raw-input -e --exit-status --tab --indent= --seq --stream
			--stream-errors --unbuffered --arg== --argjson== --slurpfile== --rawfile== --args
			--jsonargs -h --help -V --version --build-configuration`, check: jqFilter,
			notPaths: `--arg --argjson --indent`, pattern: true}, true
	}
	return program{}, false
}

// jqFilter refuses jq filters that load modules or data files (import,
// include, modulemeta), which jq looks up in directories outside the
// project (~/.jq, next to the jq binary). It errs on the safe side: the
// words anywhere in the arguments count.
func jqFilter(p parsed) bool {
	for _, s := range append(p.operands, p.values("--arg", "--argjson")...) {
		for _, bad := range []string{"import", "include", "modulemeta", "get_search_list"} {
			if strings.Contains(s, bad) {
				return false
			}
		}
	}
	return true
}
