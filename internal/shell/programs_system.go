package shell

import "strings"

// systemProgram returns the tables of shell builtins and programs that
// describe the system.
func systemProgram(name string) (program, bool) {
	switch name {
	case "echo", "true", "false":
		return program{text: true, judge: anyArgs}, true
	case "printf":
		// Not -v (assigns a variable).
		return program{text: true, judge: printfReadOnly}, true
	case "test", "[":
		return program{judge: testReadOnly}, true
	case "pwd":
		return program{opts: `-L -P --help --version`, check: noOperands}, true
	case "cd":
		return program{judge: cdReadOnly}, true
	case "command":
		return program{text: true, judge: commandQuery}, true
	case "which":
		return program{text: true, opts: `-a -s --help --version`}, true
	case "whereis":
		return program{text: true, opts: `-b -m -s -u -l -h --help -V --version`}, true
	case "type":
		return program{text: true, opts: `-a -f -p -P -t`}, true
	}
	return infoProgram(name)
}

// infoProgram returns the tables of programs that describe the system.
func infoProgram(name string) (program, bool) {
	switch name {
	case "basename":
		return program{text: true, opts: `-a --multiple -s= --suffix= -z --zero --help --version`}, true
	case "dirname":
		return program{text: true, opts: `-z --zero --help --version`}, true
	case "uname":
		return program{text: true, check: noOperands, opts: `-a --all -s --kernel-name -n --nodename
			-r --kernel-release -v --kernel-version -m --machine -p --processor
			-i --hardware-platform -o --operating-system --help --version`}, true
	case "whoami":
		return program{text: true, opts: `--help --version`, check: noOperands}, true
	case "id":
		return program{text: true, opts: `-a -Z --context -g --group -G --groups -n --name -r --real
			-u --user -z --zero --help --version`}, true
	case "printenv":
		return program{text: true, opts: `-0 --null --help --version`}, true
	case "env":
		// env without a command prints the environment; with one it is a
		// wrapper (see wrappers.go).
		return program{text: true, opts: `-0 --null -i --ignore-environment -u= --unset=`, check: noOperands}, true
	case "hostname":
		// An operand or -F/-b sets the host name.
		return program{text: true, check: noOperands, opts: `-a --alias -A --all-fqdns -d --domain
			-f --fqdn --long -i --ip-address -I --all-ip-addresses -s --short -y --yp --nis
			-h --help -V --version`}, true
	case "seq":
		return program{text: true, opts: `-f= --format= -s= --separator= -w --equal-width -#
			--help --version`}, true
	case "sleep":
		return program{text: true, opts: `--help --version`}, true
	case "nproc":
		return program{text: true, opts: `--all --ignore= --help --version`, check: noOperands}, true
	case "free":
		return program{text: true, check: noOperands, opts: `-b --bytes -k --kibi -m --mebi -g --gibi
			--tebi --pebi --kilo --mega --giga --tera --peta -h --human --si -l --lohi -L --line
			-t --total -v --committed -s= --seconds= -c= --count= -w --wide --help -V --version`}, true
	case "uptime":
		return program{text: true, opts: `-p --pretty -s --since -h --help -V --version`, check: noOperands}, true
	case "date":
		// Not -s/--set; an operand other than +FORMAT sets the clock.
		return program{opts: `-d= --date= -f= --file= -I? --iso-8601? -R --rfc-email --rfc-3339=
			-r= --reference= --resolution -u --utc --universal --debug --help --version`,
			notPaths: `-d --date`, check: dateFormatOnly}, true
	case "ps":
		return program{text: true, judge: psReadOnly}, true
	}
	return program{}, false
}

// anyArgs accepts any arguments.
func anyArgs([]string, *fsNeed) bool { return true }

// printfReadOnly refuses printf -v (and any other option).
func printfReadOnly(args []string, _ *fsNeed) bool {
	return len(args) > 0 && (args[0] == "--" || !strings.HasPrefix(args[0], "-"))
}

// testReadOnly refuses -v, whose array subscripts bash evaluates (test -v
// 'a[$(cmd)]' runs cmd).
func testReadOnly(args []string, _ *fsNeed) bool {
	for _, a := range args {
		if a == "-v" || strings.ContainsAny(a, "`$") {
			return false
		}
	}
	return true
}

// cdReadOnly accepts `cd DIR` with exactly one operand; DIR becomes a
// possible working directory of the rest of the line.
func cdReadOnly(args []string, need *fsNeed) bool {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") || need.words[0].glob {
		return false
	}
	need.cd = args[0]
	return true
}

// commandQuery accepts `command -v NAME…` and `command -V NAME…`.
func commandQuery(args []string, _ *fsNeed) bool {
	return len(args) > 0 && (args[0] == "-v" || args[0] == "-V")
}

// dateFormatOnly accepts +FORMAT as the only kind of operand.
func dateFormatOnly(p parsed) bool {
	for _, o := range p.operands {
		if !strings.HasPrefix(o, "+") {
			return false
		}
	}
	return true
}
