package shell

// goBuildOpts are the build flags a read-only go subcommand accepts. Not
// -toolexec, -vettool, -exec (run programs), -overlay (replaces source
// files with files from anywhere), -pkgdir, -modfile.
const goBuildOpts = ` -C= -a -n -p= -race -msan -asan -cover -covermode= -coverpkg= -v -work -x
	-asmflags= -buildmode= -buildvcs= -compiler= -gccgoflags= -gcflags= -installsuffix= -ldflags=
	-linkshared -mod= -modcacherw -pgo= -tags= -trimpath -json`

// goVetAnalyzers are the analyzers go vet can be told to run or skip.
const goVetAnalyzers = ` -appends -asmdecl -assign -atomic -bools -buildtag -cgocall -composites
	-copylocks -defers -directive -errorsas -framepointer -hostport -httpresponse -ifaceassert
	-loopclosure -lostcancel -nilfunc -printf -printf.funcs= -shift -sigchanyzer -slog -stdmethods
	-stdversion -stringintconv -structtag -testinggoroutine -tests -timeformat -unmarshal
	-unreachable -unsafeptr -unusedresult -unusedresult.funcs= -unusedresult.stringmethods=
	-waitgroup -c=`

// goReadOnly accepts go subcommands that inspect code without running
// anything it builds: vet, list (not -m, which asks the module proxy),
// version, doc, env (not -w/-u, which change the user's go env file).
// Hone also runs read-only lines with GOENV=off, GOTOOLCHAIN=local and
// GOPROXY=off (see HardenEnv), so a go env file the model wrote earlier
// cannot add -toolexec, and nothing is downloaded.
func goReadOnly(args []string, _ *fsNeed) bool {
	if len(args) == 0 {
		return false
	}
	var table string
	switch args[0] {
	case "vet":
		table = goBuildOpts + goVetAnalyzers
	case "list":
		table = goBuildOpts + ` -f= -e -deps -test -find -compiled -export -reuse=`
	case "version":
		table = ` -m -v`
	case "doc":
		table = ` -all -c -cmd -short -src -u`
	case "env":
		table = ` -json -changed`
	case "help":
		return true
	default:
		return false
	}
	_, ok := parseGoFlags(table, args[1:])
	return ok
}
