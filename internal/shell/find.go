package shell

import "strings"

// find's expression syntax, split by how each primary takes arguments.
// Not in the lists, so never read-only: -exec, -execdir, -ok, -okdir
// (run programs), -delete, -fprint, -fprint0, -fprintf, -fls (delete or
// write files), -follow and -L (follow links while walking),
// -files0-from (reads the starting points from a file).
const (
	findNoArg = `-depth -d -mount -xdev -noleaf -ignore_readdir_race -noignore_readdir_race
		-warn -nowarn -daystart -empty -executable -false -nogroup -nouser -readable -true
		-writable -print -print0 -ls -prune -quit -not -a -and -o -or , ( ) !`
	findOneArg = `-maxdepth -mindepth -regextype -amin -anewer -atime -cmin -cnewer -ctime -fstype
		-gid -group -ilname -iname -inum -ipath -iregex -iwholename -links -lname -mmin -mtime
		-name -newer -path -perm -regex -samefile -size -type -uid -used -user -wholename -xtype
		-context -printf`
	// findPathArg are the primaries whose argument names a file.
	findPathArg = `-anewer -cnewer -newer -samefile`
)

// findReadOnly judges find's arguments: leading options, starting points,
// then an expression made only of known tests, operators and the
// printing actions. A starting point must not look like an expression,
// so that a path such as -delete cannot hide an action.
func findReadOnly(args []string, need *fsNeed) bool {
	var patterns []int
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a == "-D" {
			i++
			continue
		}
		if !strings.HasPrefix(a, "-") || !findLeadingOpt(a) {
			break
		}
	}
	for ; i < len(args) && !findExprStart(args[i]); i++ {
	}
	for ; i < len(args); i++ {
		a := args[i]
		switch {
		case fieldIn(findNoArg, a):
		case fieldIn(findOneArg, a) || findNewerXY(a):
			if i+1 >= len(args) {
				return false
			}
			if !fieldIn(findPathArg, a) && !findNewerXY(a) {
				patterns = append(patterns, i+1)
			}
			i++
		default:
			return false
		}
	}
	need.words = dropAt(need.words, patterns)
	return true
}

// findLeadingOpt reports whether a is one of find's options before the
// starting points (-H, -P, -D, -O3); -L is not accepted.
func findLeadingOpt(a string) bool {
	return a == "-H" || a == "-P" || a == "-D" || (strings.HasPrefix(a, "-O") && strings.Trim(a[2:], "0123456789") == "")
}

// findExprStart reports whether a word starts find's expression.
func findExprStart(a string) bool {
	return strings.HasPrefix(a, "-") || a == "(" || a == "!" || a == ")" || a == ","
}

// findNewerXY reports whether a is -newerXY (-newermt, -newerct …).
func findNewerXY(a string) bool {
	if !strings.HasPrefix(a, "-newer") || len(a) != len("-newer")+2 {
		return false
	}
	return strings.ContainsRune("aBcmt", rune(a[6])) && strings.ContainsRune("aBcmt", rune(a[7]))
}

// fieldIn reports whether s is one of the space-separated fields of list.
func fieldIn(list, s string) bool {
	for rest := list; rest != ""; {
		var f string
		f, rest = nextField(rest)
		if f == s {
			return true
		}
	}
	return false
}
