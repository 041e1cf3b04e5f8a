package shell

import "strings"

// normal is a command in the form deny rules are matched against: the
// program by base name, git's global options skipped, short option
// clusters split into letters, long options mapped to their short
// letters where the program has one.
type normal struct {
	// prog is the program's base name; "" when it is not known, which
	// matches any program.
	prog string
	// subs are the words that may be the subcommand (git push → push).
	subs []string
	// subAny is set when a word that is not static may be the subcommand.
	subAny bool
	// letters are the short options given, as written and with aliases
	// applied.
	letters string
	// canon are the short options with aliases applied only: what a
	// pattern asks for.
	canon string
	// longs are the long options given, without their values.
	longs []string
	// flagWords are option words as written (-delete, -rf).
	flagWords []string
	// operands are the words that are not options.
	operands []string
	// anyFlag and anyOperand are set when a word that is not static (or a
	// glob) may turn into options or operands of any kind.
	anyFlag, anyOperand bool
}

// gitGlobalAll are all of git's options before the subcommand, with
// whether they take a value; deny rules skip them.
const gitGlobalAll = gitGlobal + ` -c= --config-env= --exec-path? -p --paginate --bare
	--super-prefix= --list-cmds= --attr-source= --html-path --man-path --info-path`

// normalize turns a command's words into its normal form.
func normalize(ws []word) normal {
	var n normal
	n.prog = programName(ws[0])
	rest := ws[1:]
	if sub, ok := strings.CutPrefix(n.prog, "git-"); ok && ws[0].lit {
		n.prog, n.subs = "git", []string{sub}
	} else if n.prog == "git" {
		rest = n.gitSubcommand(rest)
	} else if subcommandTool(n.prog) {
		n.genericSubcommand(rest)
	}
	n.options(rest)
	n.aliases()
	return n
}

// gitSubcommand skips git's global options, records the subcommand and
// returns the words after it.
func (n *normal) gitSubcommand(ws []word) []word {
	i := 0
	for i < len(ws) && ws[i].lit && strings.HasPrefix(ws[i].text, "-") {
		p, k, ok := parseOne(gitGlobalAll, texts(ws), i)
		if !ok {
			// An unknown option may take the next word as its value.
			n.addSub(ws, i+1)
			n.addSub(ws, i+2)
			return ws[min(i+1, len(ws)):]
		}
		for _, o := range p.opts {
			if o.at > i && !ws[o.at].lit {
				n.subAny = true
			}
		}
		i += k + 1
	}
	n.addSub(ws, i)
	if i < len(ws) && ws[i].lit && !fieldIn(gitCommands, ws[i].text) {
		n.subAny = true
	}
	return ws[min(i+1, len(ws)):]
}

// addSub records ws[i] as a possible subcommand.
func (n *normal) addSub(ws []word, i int) {
	switch {
	case i >= len(ws):
	case !ws[i].lit || ws[i].glob:
		n.subAny = true
	default:
		n.subs = append(n.subs, ws[i].text)
	}
}

// genericSubcommand records the possible subcommands of a tool whose
// global options are not known: the first operand, and each following
// one while the word before it was an option that may have taken it as
// its value (kubectl -n ns delete).
func (n *normal) genericSubcommand(ws []word) {
	prevOption := false
	for i, w := range ws {
		if w.lit && w.text == "--" {
			return
		}
		if w.lit && strings.HasPrefix(w.text, "-") {
			prevOption = !strings.Contains(w.text, "=")
			continue
		}
		n.addSub(ws, i)
		if !prevOption && w.lit {
			return
		}
		prevOption = false
	}
}

// options sorts the words into options and operands.
func (n *normal) options(ws []word) {
	ended := false
	for _, w := range ws {
		switch {
		case !w.lit:
			n.anyOperand = true
			n.anyFlag = n.anyFlag || !ended
		case w.glob:
			n.anyOperand = true
			n.anyFlag = n.anyFlag || (!ended && !w.noDash && strings.ContainsAny(w.text[:1], "*?[-"))
		case ended || w.text == "-" || !strings.HasPrefix(w.text, "-"):
			n.operands = append(n.operands, w.text)
		case w.text == "--":
			ended = true
		case strings.HasPrefix(w.text, "--"):
			name, _, _ := strings.Cut(w.text, "=")
			n.longs = append(n.longs, name)
			n.flagWords = append(n.flagWords, w.text)
		default:
			n.letters += w.text[1:]
			n.flagWords = append(n.flagWords, w.text)
		}
	}
}

// aliases maps long options to the short letters they mean, so that
// rm --recursive --force is rm -r -f, and records option-like operands
// that do the same (git push origin +main forces the push).
func (n *normal) aliases() {
	table := flagAliases(n.prog, n.sub())
	var canon strings.Builder
	for _, c := range n.letters {
		if letter := aliasOf(table, "-"+string(c)); letter != "" {
			canon.WriteString(letter)
		} else {
			canon.WriteRune(c)
		}
	}
	for _, l := range n.longs {
		canon.WriteString(aliasOf(table, l))
		if aliasOf(table, l) == "" {
			canon.WriteString(abbreviatedAlias(table, l))
		}
	}
	if n.prog == "git" && n.sub() == "push" {
		for _, o := range n.operands {
			if strings.HasPrefix(o, "+") {
				canon.WriteString("f")
			}
		}
	}
	n.canon = canon.String()
	n.letters += n.canon
}

// sub returns the first possible subcommand, or "".
func (n *normal) sub() string {
	if len(n.subs) == 0 {
		return ""
	}
	return n.subs[0]
}

// aliasOf finds option in an alias table ("--force=f -R=r").
func aliasOf(table, option string) string {
	for rest := table; rest != ""; {
		var f string
		f, rest = nextField(rest)
		if name, letter, ok := strings.Cut(f, "="); ok && name == option {
			return letter
		}
	}
	return ""
}

// abbreviatedAlias returns the letters of the long options that l may
// abbreviate (getopt and git accept --rec for --recursive).
func abbreviatedAlias(table, l string) string {
	if len(l) < 3 || !strings.HasPrefix(l, "--") {
		return ""
	}
	var out strings.Builder
	for rest := table; rest != ""; {
		var f string
		f, rest = nextField(rest)
		if name, letter, ok := strings.Cut(f, "="); ok && strings.HasPrefix(name, l) {
			out.WriteString(letter)
		}
	}
	return out.String()
}

// flagAliases returns the options of a program that mean the same as a
// short letter, so that deny rules match either spelling.
func flagAliases(prog, sub string) string {
	switch prog {
	case "rm", "cp", "scp", "rsync":
		return "--recursive=r -R=r --force=f --dir=d --archive=a"
	case "chmod", "chown", "chgrp":
		return "--recursive=R -r=R"
	case "mv", "ln":
		return "--force=f --symbolic=s --no-clobber=n"
	case "docker", "podman":
		return "--force=f --all=a --volumes=v"
	case "npm", "pnpm", "yarn":
		return "--force=f --global=g"
	case "git":
		switch sub {
		case "push":
			return "--force=f --delete=d --all=a --tags=t"
		case "clean":
			return "--force=f --dry-run=n"
		case "branch":
			return "--delete=d --force=f -D=df -M=mf --move=m"
		case "checkout", "switch", "add", "rm", "mv", "tag", "worktree", "submodule":
			return "--force=f --discard-changes=f --recursive=r"
		case "reset", "commit":
			return "--all=a --no-verify=n --amend=A"
		}
	}
	return ""
}
