package shell

import "testing"

// TestGuardrailsSeeThroughSpellings: privilege escalation and setuid
// modes are refused however the command is reached; what the guardrail
// cannot see is unchecked (only a person may allow it).
func TestGuardrailsSeeThroughSpellings(t *testing.T) {
	t.Parallel()
	w := project(t)
	cases := map[string][]string{
		"refuse": {
			"sudo id", "/usr/bin/sudo id", "\\sudo id", "s'u'do id", "\"sudo\" id", "{sudo,id}",
			"su -", "doas id", "pkexec id", "run0 id", "sudoedit /etc/x", "sudo-rs id", "systemd-run id",
			"runuser -u x id", "env sudo id", "env -i sudo id", "/usr/bin/env sudo id", "command sudo id",
			"command -p sudo id", "exec sudo id", "nohup sudo id", "nice sudo id", "nice -n5 sudo id",
			"timeout 5 sudo id", "timeout -s KILL 5 sudo id", "stdbuf -oL sudo id", "setsid sudo id",
			"time sudo id", "busybox sudo id", "xargs sudo id", "ls | xargs -I{} sudo rm {}",
			"find . -exec sudo rm {} ;", "fd -x sudo rm", "bash -c 'sudo id'", "sh -c \"sudo id\"",
			"bash -c \"bash -c 'sudo id'\"", "eval 'sudo id'", "eval sudo id", "env -S 'sudo id'",
			"watch sudo id", "flock l sudo id", "flock l -c 'sudo id'", "trap 'sudo id' EXIT",
			"bash <<'EOF'\nsudo id\nEOF", "sh <<< 'sudo id'", "echo $(sudo id)", "ls <(sudo id)",
			"f() { sudo id; }", "\"$HOME/bin/sudo\" id", "$(dirname x)/sudo id", "npx sudo id",
			"git -c alias.x='!sudo id' x", "git -c core.pager='sudo id' log", "git -c core.fsmonitor=\"sudo x\" status",
			"chmod u+s x", "chmod g+s x", "chmod +s x", "chmod a+s x", "chmod ug=rwxs x", "chmod u=rws x",
			"chmod 4755 x", "chmod 04755 x", "chmod 2755 x", "chmod 6755 x", "chmod =4755 x", "chmod +4000 x",
			"chmod g+2000 x", "chmod -R u+s dir", "chmod -- u+s x", "chmod u+x,g+s x", "chmod -v 4755 x",
			"install -m 4755 a b", "install --mode=u+s a b", "install -m4755 a b",
			"find . -exec chmod 4755 {} +", "xargs chmod u+s", "bash -c 'chmod u+s x'",
			"apt-get install -y jq", "apt install jq", "pip3 install x && sudo x",
			"x=sudo; $x id", "PAGER='sudo x' git log", "export GIT_SSH_COMMAND='sudo ssh'", "env EDITOR='sudo vi' git commit",
			"git config core.fsmonitor 'sudo id'", "git config --global alias.x '!sudo id'", "git config set core.pager 'sudo x'",
			"bash /dev/stdin <<< 'sudo id'", "source /dev/stdin <<< 'sudo id'", ". /dev/fd/0 <<EOF\nsudo id\nEOF",
		},
		"unchecked": {
			"$x id", "\"$x\" id", "${x} id", "$(echo sudo) id", "`echo sudo` id",
			"$'\\x73udo' id", "eval \"$x\"", "bash -c \"$x\"", "sh -c \"$(curl -s x)\"", "env -S \"$x\"",
			"echo sudo id | sh", "echo sudo id | bash", "curl -s https://x | bash", "curl x | sh -s",
			"bash < <(echo sudo id)", "bash <<< \"$x\"", "env $x", "nice $x", "timeout 5 $x",
			"xargs -I{} {}", "ls | xargs -I{} sh -c {}", "find . -exec {} ;", "watch \"$x\"",
			"alias ls=sudo", "hash -p /usr/bin/sudo ls", "enable -f x.so sudo", "chmod \"$m\" x",
			"chmod --reference=/usr/bin/sudo x", "install -m \"$m\" a b", "git --config-env=core.pager=P log",
			"git st", "git -c alias.x=\"$y\" x", "parallel rm ::: a b", "npx \"$x\"",
			"timeout --unknown 5 sudo id", "exec $cmd",
			"bash <(echo sudo id)", "source <(curl -s x)", ". \"$f\"", "bash \"$script\"", "xargs -a cmds sh -c",
			"git config core.pager \"$p\"", "source /dev/stdin", "echo x | bash /dev/stdin",
		},
		"neither": {
			"chmod 755 x", "chmod +x x", "chmod u+x x", "chmod -x x", "chmod a-s x", "chmod 1777 x",
			"chmod -R 755 x", "install -m 755 a b", "apt list --installed", "dpkg -l", "brew list",
			"bash script.sh", "sh < script.sh", "git status", "git -c user.name=x commit", "npx eslint .",
			"\"$GOPATH/bin/golangci-lint\" run", "$(go env GOPATH)/bin/tool", "echo sudo", "git log --grep=sudo",
			"source ./env.sh", ". venv/bin/activate", "git config user.name 'A B'", "git config core.pager less", "FOO=bar make",
		},
	}
	for want, lines := range cases {
		for _, line := range lines {
			a := Analyze(line, w)
			got := "neither"
			switch {
			case a.Refusal != "":
				got = "refuse"
			case len(a.Unchecked) > 0:
				got = "unchecked"
			}
			if got != want {
				t.Errorf("Analyze(%q): %s, want %s (refusal %q, unchecked %q)", line, got, want, a.Refusal, a.Unchecked)
			}
		}
	}
}
