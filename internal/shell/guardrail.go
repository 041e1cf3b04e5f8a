package shell

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// refusal returns why the guardrail refuses a command, or "" when it
// does not. It is judged on the program's base name, so /usr/bin/sudo and
// "$HOME/bin/sudo" are sudo.
func refusal(ws []word) string {
	name := programName(ws[0])
	args := texts(ws[1:])
	switch {
	case escalates(name):
		return fmt.Sprintf("`%s` is refused: Hone never runs commands with elevated privileges or as another user. "+
			"If this step is really needed, give the user the exact command to run themselves.", name)
	case installsSystemPackages(name, args):
		return fmt.Sprintf("`%s` is refused: it changes the system's installed packages, which is outside the project. "+
			"Tell the user which package is needed and let them install it.", strings.Join(append([]string{name}, args[:min(1, len(args))]...), " "))
	case setsIDBits(name, ws[1:]) == idSet:
		return "`" + name + "` setting the setuid or setgid bit is refused: it grants privileges to a program."
	}
	return ""
}

// uncheckable returns why a command hides what runs from the guardrail
// (an alias, a hash -p, a mode computed at run time), or "".
func uncheckable(ws []word) string {
	name := programName(ws[0])
	args := texts(ws[1:])
	switch {
	case name == "alias" && len(args) > 0:
		return "`alias` defines command names whose meaning Hone cannot check"
	case name == "hash" && hasLong(args, "-p"):
		return "`hash -p` makes a command name run another program"
	case name == "enable" && (hasLong(args, "-f") || shortOp(args, "f")):
		return "`enable -f` loads shell builtins from a library"
	case setsIDBits(name, ws[1:]) == idUnknown:
		return "the mode given to `" + name + "` is not known before it runs (it could set the setuid bit)"
	}
	return ""
}

// escalates reports whether the command runs another command with other
// privileges or as another user.
func escalates(name string) bool {
	switch name {
	case "sudo", "su", "doas", "pkexec", "run0", "sudoedit", "ksu", "sg", "newgrp", "calife",
		"sudo-rs", "su-rs", "please", "pleaseedit", "gosu", "su-exec", "runuser", "setpriv",
		"systemd-run", "machinectl", "dzdo", "pbrun", "chroot", "nsenter", "unshare", "capsh":
		return true
	}
	return false
}

// installsSystemPackages reports whether a system package manager is asked
// to change installed packages. Query subcommands (search, list, show …)
// are not refused; they are judged like any other command.
func installsSystemPackages(name string, args []string) bool {
	sub := firstOperand(args)
	switch name {
	case "apt", "apt-get", "aptitude":
		return !oneOf(sub, "list", "search", "show", "showsrc", "policy", "depends", "rdepends", "changelog", "help", "")
	case "yum", "dnf", "microdnf", "tdnf", "zypper":
		return !oneOf(sub, "list", "info", "search", "se", "provides", "whatprovides", "repolist",
			"check-update", "repoquery", "lr", "repos", "if", "help", "")
	case "apk":
		return !oneOf(sub, "info", "search", "list", "policy", "dot", "stats", "version", "")
	case "brew", "port", "snap", "flatpak", "pkg", "pkgin", "opkg", "eopkg", "swupd", "slackpkg", "rpm-ostree":
		return oneOf(sub, "install", "in", "it", "add", "reinstall", "uninstall", "remove", "rm", "delete", "del",
			"upgrade", "up", "update", "refresh", "revert", "autoremove", "ar", "selfupdate", "tap", "link",
			"bundle-add", "bundle-remove", "rebase", "deploy", "override", "apply-live", "activate")
	case "xbps-install", "xbps-remove", "urpmi", "urpme", "pkg_add", "pkg_delete", "installer":
		return true
	case "dpkg":
		return shortOp(args, "irPA") || hasLong(args, "--install", "--remove", "--purge", "--unpack",
			"--configure", "--set-selections", "--clear-selections", "--update-avail", "--merge-avail", "--record-avail")
	case "rpm":
		return shortOp(args, "iUFe") || hasLong(args, "--install", "--upgrade", "--freshen", "--erase", "--import", "--reinstall")
	case "nix-env":
		return shortOp(args, "ieu") || hasLong(args, "--install", "--uninstall", "--upgrade", "--set", "--rollback")
	case "pacman", "yay", "paru":
		return pacmanChanges(name, args)
	case "emerge":
		return !hasLong(args, "-s", "--search", "-S", "--searchdesc", "-p", "--pretend", "--info", "-h", "--help")
	case "softwareupdate":
		return hasLong(args, "-i", "--install", "-a", "--all")
	}
	return false
}

// pacmanChanges reports whether a pacman-style invocation syncs, upgrades
// or removes packages (yay and paru upgrade when given no arguments).
func pacmanChanges(name string, args []string) bool {
	if len(args) == 0 {
		return name != "pacman"
	}
	for _, a := range args {
		switch {
		case a == "--sync" || a == "--upgrade" || a == "--remove" || a == "--database":
			return true
		case len(a) > 2 && a[0] == '-' && a[1] == 'S':
			if strings.Trim(a[2:], "silgpqv") != "" {
				return true
			}
		case a == "-S":
			return true
		case len(a) > 1 && a[0] == '-' && strings.ContainsAny(a[1:2], "URD"):
			return true
		}
	}
	return false
}

// idVerdict is what setsIDBits found.
type idVerdict int

const (
	idClear   idVerdict = iota // the mode sets no setuid/setgid bit
	idSet                      // it does
	idUnknown                  // it cannot be known before the command runs
)

// setsIDBits judges chmod's mode (also chmod --reference, which copies a
// mode) and install -m / mkdir -m: numeric (4755, 02755, =4755, +6000)
// and symbolic (u+s, g=s, +s, ug=rwxs) forms.
func setsIDBits(name string, args []word) idVerdict {
	var modes []word
	switch name {
	case "chmod":
		for i, a := range args {
			if strings.HasPrefix(a.text, "--reference") {
				return idUnknown
			}
			if a.text == "--" {
				modes = args[i+1 : min(i+2, len(args))]
				break
			}
			if !a.lit || !strings.HasPrefix(a.text, "-") || chmodModeLike(a.text) {
				modes = args[i : i+1]
				break
			}
		}
	case "install", "mkdir":
		for i, a := range args {
			switch {
			case (a.text == "-m" || a.text == "--mode") && i+1 < len(args):
				modes = append(modes, args[i+1])
			case strings.HasPrefix(a.text, "--mode="):
				modes = append(modes, word{text: a.text[len("--mode="):], lit: a.lit})
			case strings.HasPrefix(a.text, "-m") && len(a.text) > 2:
				modes = append(modes, word{text: a.text[2:], lit: a.lit})
			}
		}
	}
	verdict := idClear
	for _, m := range modes {
		switch {
		case !m.lit || m.glob:
			verdict = max(verdict, idUnknown)
		case modeSetsID(m.text):
			return idSet
		}
	}
	return verdict
}

// chmodModeLike reports whether a chmod word starting with - is a mode
// (-x, -w+s, -4000) rather than an option.
func chmodModeLike(s string) bool {
	return strings.Trim(s[1:], "rwxXstugoa01234567+-=,") == "" && !strings.HasPrefix(s, "--")
}

// modeSetsID reports whether a chmod mode sets the setuid or setgid bit.
func modeSetsID(mode string) bool {
	for _, clause := range strings.Split(mode, ",") {
		op := strings.IndexAny(clause, "+=")
		digits := clause[op+1:]
		if op < 0 && (clause == "" || strings.Trim(clause, "01234567") != "") {
			continue
		}
		if digits != "" && strings.Trim(digits, "01234567") == "" {
			if v, err := strconv.ParseUint(digits, 8, 32); err != nil || v&0o6000 != 0 {
				return true
			}
			continue
		}
		if op >= 0 && strings.ContainsRune(clause[op:], 's') {
			return true
		}
	}
	return false
}

// firstOperand returns the first argument that is not an option, or "".
func firstOperand(args []string) string {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			return a
		}
	}
	return ""
}

func oneOf(s string, set ...string) bool { return slices.Contains(set, s) }

// shortOp reports whether a short option cluster starts with one of the
// operation letters in ops (dpkg -i, rpm -Uvh).
func shortOp(args []string, ops string) bool {
	for _, a := range args {
		if len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsRune(ops, rune(a[1])) {
			return true
		}
	}
	return false
}

// hasLong reports whether an argument equals one of the options or starts
// with option+"=".
func hasLong(args []string, opts ...string) bool {
	for _, a := range args {
		for _, o := range opts {
			if a == o || strings.HasPrefix(a, o+"=") {
				return true
			}
		}
	}
	return false
}
