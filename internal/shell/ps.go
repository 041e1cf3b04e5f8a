package shell

import "strings"

// ps options that keep it from printing other processes' environments.
// ps mixes three syntaxes: UNIX options (-ef), BSD options without a dash
// (aux) and GNU long options. BSD e and eww, which print the environment
// of every process (API keys included), are not accepted, nor -n (reads a
// namelist file).
const (
	psOpts = `-A -e -a -d -N --deselect -f -F -l -j -y -w -H -L -T -m -c -M -Z --context
		-C= -G= -g= -p= -q= -s= -t= -U= -u= --pid= --ppid= --sid= --tty= --user= --group=
		--Group= --User= --quick-pid= -o= -O= --format= --sort= -k= --no-headers --no-heading
		--headers --cols= --columns= --rows= --lines= --width= --forest -V --version --help?`
	// psBSD are the BSD letters accepted in a dashless cluster; psBSDValue
	// take a value in the next word.
	psBSD      = "auxfwrTjlsvShcnmHLXZ"
	psBSDValue = "oOpUtkq"
)

// psFormats are the output columns ps may be asked for with -o/-O/o/O.
const psFormats = `pid ppid pgid pgrp sid sess tid lwp spid nlwp tgid user euser ruser suser uid euid
	ruid suid uname group egroup rgroup sgroup gid egid rgid sgid comm cmd args command ucmd ucomm
	fname exe stat state s pcpu %cpu pmem %mem rss rsz rssize vsz vsize sz size etime etimes time
	cputime cputimes start lstart stime bsdstart start_time tty tt tname ni nice pri priority psr
	wchan f flags cls class rtprio policy sched c cgroup label lim bsdtime maj_flt min_flt drs trs
	sgi_p thcount ouid cgname wchan:20 pss uss`

// psReadOnly judges ps arguments in any of its three syntaxes. A value of
// a UNIX option must be the next word: procps reads some attached forms
// (-aux) as BSD clusters, where e would print environments.
func psReadOnly(args []string, _ *fsNeed) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		var n int
		var ok bool
		switch {
		case strings.HasPrefix(a, "--"):
			var p parsed
			n, ok = parseLong(psOpts, args, i, &p)
			ok = ok && psFormatOK(p.values("--format"))
		case strings.HasPrefix(a, "-"):
			n, ok = psUnixCluster(args, i)
		default:
			n, ok = psBSDCluster(args, i)
		}
		if !ok {
			return false
		}
		i += n
	}
	return true
}

// psUnixCluster judges a cluster such as -ef or -o pid,cmd and returns
// how many following words it consumed.
func psUnixCluster(args []string, i int) (int, bool) {
	a := args[i]
	for j := 1; j < len(a); j++ {
		switch lookup(psOpts, "-"+a[j:j+1]) {
		case optFlag:
		case optValue:
			if j != len(a)-1 || i+1 >= len(args) {
				return 0, false
			}
			if (a[j] == 'o' || a[j] == 'O') && !psFormatOK(args[i+1:i+2]) {
				return 0, false
			}
			return 1, true
		default:
			return 0, false
		}
	}
	return 0, true
}

// psBSDCluster judges a dashless cluster such as aux or o pid,cmd and
// returns how many following words it consumed.
func psBSDCluster(args []string, i int) (int, bool) {
	a := args[i]
	extra := 0
	for _, c := range a {
		switch {
		case strings.ContainsRune(psBSD, c):
		case strings.ContainsRune(psBSDValue, c):
			extra++
			if i+extra >= len(args) {
				return 0, false
			}
			if (c == 'o' || c == 'O') && !psFormatOK([]string{args[i+extra]}) {
				return 0, false
			}
		default:
			return 0, false
		}
	}
	return extra, true
}

// psFormatOK accepts format lists made of known columns (with optional
// =HEADER and :WIDTH).
func psFormatOK(formats []string) bool {
	for _, f := range formats {
		for _, col := range strings.FieldsFunc(f, func(r rune) bool { return r == ',' || r == ' ' }) {
			name, _, _ := strings.Cut(col, "=")
			name, _, _ = strings.Cut(name, ":")
			if !fieldIn(psFormats, strings.ToLower(name)) {
				return false
			}
		}
	}
	return true
}
