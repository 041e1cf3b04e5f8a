package shell

import (
	"fmt"
	"slices"
	"strings"
)

// refusal returns why the guardrail refuses a command (its words after
// quote removal), or "" when it does not. It is judged on the base name,
// so /usr/bin/sudo is sudo.
func refusal(args []string) string {
	name := baseName(args[0])
	switch {
	case escalates(name):
		return fmt.Sprintf("`%s` is refused: Hone never runs commands with elevated privileges or as another user. "+
			"If this step is really needed, give the user the exact command to run themselves.", name)
	case installsSystemPackages(name, args[1:]):
		return fmt.Sprintf("`%s` is refused: it changes the system's installed packages, which is outside the project. "+
			"Tell the user which package is needed and let them install it.", strings.Join(args[:min(2, len(args))], " "))
	case name == "chmod" && setsID(args[1:]):
		return "`chmod` setting the setuid or setgid bit is refused: it grants privileges to a program."
	}
	return ""
}

// escalates reports whether the command runs another command with other
// privileges.
func escalates(name string) bool {
	switch name {
	case "sudo", "su", "doas", "pkexec", "run0", "sudoedit", "ksu", "sg", "newgrp", "calife":
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

// setsID reports whether chmod's mode sets the setuid or setgid bit
// (u+s, g=s, 4755, 2755).
func setsID(args []string) bool {
	mode := firstOperand(args)
	if strings.ContainsAny(mode, "+=") {
		for _, clause := range strings.Split(mode, ",") {
			op := strings.IndexAny(clause, "+=")
			if op >= 0 && strings.ContainsRune(clause[op:], 's') {
				return true
			}
		}
		return false
	}
	if len(mode) >= 4 && strings.Trim(mode, "01234567") == "" {
		special := mode[len(mode)-4] - '0'
		return special&6 != 0
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
