package shell

import (
	"strings"
	"testing"
)

func verdict(a Analysis) string {
	switch {
	case a.Refusal != "":
		return "refuse"
	case a.ReadOnly():
		return "read"
	}
	return "ask"
}

func TestAnalyzeVerdicts(t *testing.T) {
	t.Parallel()
	cases := []struct {
		line, want string
	}{
		// Read-only.
		{"ls -la", "read"},
		{"git status", "read"},
		{"git log --oneline -5", "read"},
		{"git diff HEAD~1..HEAD -- internal", "read"},
		{"git --no-pager show HEAD:go.mod", "read"},
		{"git branch -a", "read"},
		{"git branch --list 'feat*'", "read"},
		{"git tag", "read"},
		{"git config --get user.name", "read"},
		{"go vet ./...", "read"},
		{"go list -m all", "ask"},
		{"go env GOPATH", "read"},
		{"cat go.mod | head -5 | wc -l", "read"},
		{"rg -n 'func main' --type go", "read"},
		{"grep -rn TODO internal && echo done", "read"},
		{"find . -name '*.go' -type f", "read"},
		{"ls > /dev/null 2>&1", "read"},
		{"echo hi >&2", "read"},
		{"sed -n '1,20p' main.go", "read"},
		{"head -n 3 <<EOF\na\nEOF", "read"},
		{"cd internal && ls", "read"},
		{"for f in *.go; do wc -l *.go; done", "read"},
		{"for f in *.go; do wc -l \"$f\"; done", "ask"},
		{"if test -f go.mod; then echo yes; fi", "read"},
		{"(ls; pwd)", "read"},
		{"ls &", "read"},
		{"command -v go", "read"},
		{"timeout 5 ls", "read"},
		{"env ls", "read"},
		{"bash -c 'ls -la'", "read"},
		{"sort -u names.txt", "read"},
		{"date +%s", "read"},

		// Ask.
		{"ls\nrm x", "ask"},
		{"echo a > ~/.bashrc", "ask"},
		{"echo a >> notes.txt", "ask"},
		{"ls & rm x", "ask"},
		{"ls <(rm x)", "ask"},
		{"ls >(cat)", "ask"},
		{"env rm x", "ask"},
		{"env FOO=1 ls", "ask"},
		{"FOO=1 ls", "ask"},
		{"X=1", "ask"},
		{"ls $(pwd)", "ask"},
		{"ls `pwd`", "ask"},
		{"cat /etc/passwd", "ask"},
		{"cat ~/.ssh/id_rsa", "ask"},
		{"cat ../secret", "ask"},
		{"cat .*/x", "ask"},
		{"grep -f/etc/passwd x", "ask"},
		{"grep --file=/etc/passwd x", "ask"},
		{"cd .. && ls", "ask"},
		{"cd", "ask"},
		{"./ls", "ask"},
		{"$CMD x", "ask"},
		{"ls() { rm x; }; ls", "ask"},
		{"find . -delete", "ask"},
		{"find . -exec rm {} \\;", "ask"},
		{"fd -x rm", "ask"},
		{"sed -i s/a/b/ f", "ask"},
		{"sed 's/a/b/w out' f", "ask"},
		{"sort -o out in", "ask"},
		{"rg --pre ./evil x", "ask"},
		{"git -c core.pager=evil log", "ask"},
		{"git branch new-branch", "ask"},
		{"git diff --output=x", "ask"},
		{"git commit -m x", "ask"},
		{"go test ./...", "ask"},
		{"go vet -vettool=./evil ./...", "ask"},
		{"xargs cat", "ask"},
		{"ls | xargs rm", "ask"},
		{"bash script.sh", "ask"},
		{"bash -c \"$X\"", "ask"},
		{"eval 'rm x'", "ask"},
		{"echo ${x:=1}", "ask"},
		{"echo ${x@P}", "ask"},
		{"echo $((x=1))", "ask"},
		{"ls 'unterminated", "ask"},
		{"printf -v PATH x", "ask"},
		{"tree -o out", "ask"},
		{"date -s now", "ask"},
		{"cat < /etc/passwd", "ask"},
		{"cat <&3", "read"},
		{"echo a >& out", "ask"},
		{"for PATH in x; do ls; done", "ask"},
		{"trap 'rm x' EXIT", "ask"},
		{"echo $(( a[$(rm x)] ))", "ask"},
		{"[[ -v a[$(rm x)] ]]", "ask"},
		{"cat <<EOF\n$(rm x)\nEOF", "ask"},
		{"cat <<'EOF'\n$(rm x)\nEOF", "read"},
		{"{ ls; } > out", "ask"},
		{"ls |& tee out", "ask"},
		{"file -C -m magic", "ask"},
		{"exec 3>out", "ask"},
		{"env -C / bash -c 'cat etc/passwd'", "ask"},
		{"xargs sh -c 'cat x'", "ask"},
		{"xargs find . -name x", "ask"},
		{"", "ask"},

		// Refused by the guardrail.
		{"sudo ls", "refuse"},
		{"/usr/bin/sudo x", "refuse"},
		{"bash -c 'sudo x'", "refuse"},
		{"sh -ec 'ls; sudo x'", "refuse"},
		{"env sudo x", "refuse"},
		{"command sudo x", "refuse"},
		{"exec su root", "refuse"},
		{"nice -n 5 doas x", "refuse"},
		{"timeout 10 pkexec x", "refuse"},
		{"xargs sudo rm", "refuse"},
		{"ls | xargs -I{} sudo rm {}", "refuse"},
		{"find . -exec sudo rm {} ;", "refuse"},
		{"echo $(sudo id)", "refuse"},
		{"ls <(sudo id)", "refuse"},
		{"f() { sudo x; }", "refuse"},
		{"s\"u\"do x", "refuse"},
		{"\\sudo x", "refuse"},
		{"eval 'sudo x'", "refuse"},
		{"bash -c \"bash -c 'sudo x'\"", "refuse"},
		{"env -S 'sudo x'", "refuse"},
		{"apt-get install -y curl", "refuse"},
		{"apt install curl", "refuse"},
		{"dpkg -i x.deb", "refuse"},
		{"yum install x", "refuse"},
		{"dnf -y install x", "refuse"},
		{"pacman -Syu", "refuse"},
		{"apk add curl", "refuse"},
		{"brew install jq", "refuse"},
		{"snap install x", "refuse"},
		{"rpm -ivh x.rpm", "refuse"},
		{"chmod u+s ./x", "refuse"},
		{"chmod 4755 ./x", "refuse"},
		{"true && (cd sub; sudo make install)", "refuse"},
	}
	w := project(t)
	for _, tc := range cases {
		a := Analyze(tc.line, w)
		if got := verdict(a); got != tc.want {
			t.Errorf("Analyze(%q) = %s, want %s (risks %q, refusal %q, commands %+v)",
				tc.line, got, tc.want, a.Risks, a.Refusal, a.Commands)
		}
	}
}

func TestAnalyzeQueriesAreNotRefused(t *testing.T) {
	t.Parallel()
	for _, line := range []string{"apt list --installed", "apt-cache search x", "dpkg -l", "pacman -Ss x", "rpm -qa", "brew list", "chmod 755 x", "chmod +x x"} {
		if a := Analyze(line, Where{}); a.Refusal != "" {
			t.Errorf("Analyze(%q) refused: %s", line, a.Refusal)
		}
	}
}

func TestAnalyzeCommandsUnwrapped(t *testing.T) {
	t.Parallel()
	cases := []struct {
		line string
		want []string
	}{
		{"env FOO=1 nice -n 3 go test ./...", []string{"go test ./..."}},
		{"timeout 60 go build && bash -c 'go vet ./x'", []string{"go build", "go vet ./x"}},
		{"git commit -m 'fix the bug'", []string{"git commit -m 'fix the bug'"}},
		{"find . -name x -exec rm {} +", []string{"find . -name x -exec rm {} +", "rm {}"}},
		{"ls | xargs -n1 wc -l", []string{"ls", "wc -l"}},
	}
	for _, tc := range cases {
		a := Analyze(tc.line, Where{})
		var got []string
		for _, c := range a.Commands {
			got = append(got, c.String())
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("Analyze(%q) commands = %q, want %q", tc.line, got, tc.want)
		}
	}
}

func TestRefusalNamesTheCommand(t *testing.T) {
	t.Parallel()
	a := Analyze("ls && /usr/bin/sudo rm -rf /", Where{})
	if !strings.Contains(a.Refusal, "`sudo`") || !strings.Contains(a.Refusal, "elevated privileges") {
		t.Errorf("refusal = %q", a.Refusal)
	}
	a = Analyze("apt-get install curl", Where{})
	if !strings.Contains(a.Refusal, "apt-get install") {
		t.Errorf("refusal = %q", a.Refusal)
	}
}

func BenchmarkAnalyze(b *testing.B) {
	line := `cd internal && go test ./... 2>&1 | tail -20 && git diff --stat HEAD~1 && bash -c 'ls -la; find . -name "*.go" | xargs wc -l'`
	w := project(b)
	for b.Loop() {
		Analyze(line, w)
	}
}
