package shell

import "testing"

// TestFlagAllowlists checks the option tables: known read-only options
// keep a command read-only; options that write, run programs, follow
// links while walking, read names from files or print other processes'
// environments — however they are spelled (clusters, long names with =
// or a separate value, abbreviations getopt would accept) — make it ask.
func TestFlagAllowlists(t *testing.T) {
	t.Parallel()
	w := project(t)
	cases := map[string][]string{
		"read": {
			"ls -la", "ls -lah --color=always internal", "ls -R", "ls -1 --sort=time", "ls -I '*.o'",
			"cat -n main.go", "cat -- main.go", "head -5 main.go", "head -n5 main.go", "head --lines=5 main.go",
			"tail -n +2 main.go", "tail -f main.go", "wc -l main.go go.mod", "stat -c %s main.go",
			"du -sh .", "du -d 1", "df -h .", "file main.go", "file -L main.go", "tree -L 2 -a",
			"realpath main.go", "readlink inlink", "diff main.go go.mod", "diff -u main.go go.mod",
			"cmp main.go go.mod", "sha256sum main.go", "md5sum -b main.go", "cksum main.go",
			"od -c main.go", "hexdump -C main.go", "strings -n 8 main.go",
			"cut -d/ -f2 names.txt", "cut -f1 -d, names.txt", "tr a-z A-Z", "nl main.go",
			"fold -w 80 main.go", "fmt -w 72 main.go", "column -t names.txt", "expand -t 4 main.go",
			"paste -d, names.txt names.txt", "rev names.txt", "tac names.txt", "comm -12 names.txt names.txt",
			"sort -u names.txt", "sort -t/ -k2,2n names.txt", "sort -rn names.txt", "uniq -c names.txt",
			"jq .a go.mod", "jq -r '.[] | .name' go.mod", "jq --arg x /etc y '.' go.mod",
			"grep -rn TODO internal", "grep -rn '/api/v1' internal", "grep -e x -e y main.go",
			"grep -A3 -B2 func main.go", "grep -5 func main.go", "egrep 'a|b' main.go", "grep -c x --include='*.go' -r .",
			"rg -n 'func main' --type go", "rg -e foo -g '!vendor' internal", "rg --files", "rg -uu x",
			"fd -e go", "fd -H -t f x", "fd -exec", // -exec is -e xec: the extension "xec"
			"find . -name '*.go' -type f", "find . -maxdepth 2 -name x -print0",
			"find internal -newer main.go", "find . -path './vendor' -prune -o -name '*.go' -print",
			"sed -n '1,20p' main.go", "sed -n '/^func/p' main.go", "sed 's/a/b/g' main.go",
			"sed -n '/x/{p;q}' main.go", "sed -E 's|a|b|' main.go", "sed -n '$p' main.go",
			"echo hello world", "echo -n x", "printf '%s\\n' a b", "true", "false", "test -f main.go",
			"[ -d internal ]", "pwd", "pwd -P", "cd internal && ls", "command -v go", "which -a go",
			"type -t ls", "basename /a/b.go .go", "dirname /a/b", "uname -a", "whoami", "id -u",
			"printenv HOME", "env", "hostname -f", "seq 1 10", "seq -w 1 10", "seq -5 5", "sleep 1",
			"nproc", "free -h", "uptime -p", "date +%Y-%m-%d", "date -u +%s", "date -d yesterday +%F",
			"ps aux", "ps -ef", "ps -o pid,cmd", "ps -eo pid,ppid,comm", "ps -p 1 -o pid=",
			"git status", "git status -sb", "git log --oneline -5", "git log -p -1 -- main.go",
			"git log --format='%h %s' -3", "git diff --stat HEAD~1", "git diff --no-ext-diff",
			"git show HEAD:go.mod", "git --no-pager show --stat", "git -C internal log -1",
			"git blame -L 1,5 main.go", "git grep -n func", "git ls-files", "git ls-tree -r HEAD",
			"git rev-parse --show-toplevel", "git describe --tags --always", "git branch -a",
			"git branch --list 'feat*'", "git tag -l 'v*'", "git config --get user.name",
			"git config list", "git stash list", "git worktree list", "git reflog -5", "git remote -v",
			"git remote get-url origin", "git for-each-ref --format='%(refname)'", "git cat-file -p HEAD",
			"git -c color.ui=always log -1", "git shortlog -sn", "git merge-base HEAD main",
			"git log --grep=/api/ -3", "git log -S/etc/passwd", "git log --author='a/b' --since=2.weeks",
			"go vet ./...", "go vet -printf ./...", "go list ./...", "go list -f '{{.Dir}}' ./...",
			"go doc fmt.Println", "go env GOPATH", "go version", "go version -m main.go", "gofmt -l .",
			"timeout 5 ls", "nice -n 5 cat main.go", "nohup ls", "env -u X ls", "command ls",
			"bash -c 'ls -la'", "sh -ec 'ls; cat main.go'", "bash -O extglob -c ls", "bash -o pipefail -c 'ls | wc -l'",
		},
		"ask": {
			// Issue 11 vectors.
			"git grep -O'touch x' -e x", "git grep -Otouch -e x", "git grep --open-files-in-pager=touch x",
			"bash --rcfile ./file -ic true", "sort --compress-prog=./prog names.txt",
			"sort --compress-program=./prog names.txt", "go env -w GOFLAGS=-toolexec=./x",
			"env time -o /abs/file ls", "time -o out ls", "sort --out=dirlink/x names.txt",
			"flock /abs/new ls", "flock lockfile ls", "sort --o=victim.txt /dev/null", "file -bC -m magic",
			"date --set now", "date -s now", "tree -o FILE", "fd -x touch", "ps eww -C hone", "go list -m",
			"go list -m all",
			// Abbreviations and spellings of writing options.
			"sort --output=x names.txt", "sort --output x names.txt", "sort -o x names.txt", "sort -ox names.txt",
			"sort -uo x names.txt", "sort --outp=x names.txt", "sort -T tmp names.txt", "sort --files0-from=x",
			"sort --random-source=x names.txt", "sort --compress=x names.txt", "tree --output x", "tree -R",
			"file --compile -m x", "file -C", "file -f names.txt", "date -sNOW", "date --se now",
			"date 010101012020", "hostname newname", "hostname -F x", "uniq names.txt out",
			"printf -v x y", "printf -vx y", "wc --files0-from=names.txt", "du --files0-from=names.txt",
			"md5sum -c names.txt", "sha256sum --check names.txt", "cksum -c names.txt",
			"git diff --output=x", "git diff --out=x", "git log --output=x", "git log -p --ext-diff",
			"git diff --ext", "git show --textconv HEAD", "git cat-file --textconv HEAD:x",
			"git cat-file --filters HEAD:x", "git log --show-signature", "git log --format=%G? -1",
			"git log --pretty=format:%GS", "git diff --submodule=diff", "git status --ignore-submodules=none",
			"git ls-files --recurse-submodules", "git grep --recurse-submodules x", "git diff --no-index a b",
			"git -c core.pager=evil log", "git -c core.fsmonitor=x status", "git -p log",
			"git --paginate log", "git --exec-path=. status", "git --bare log", "git branch newb",
			"git branch -D x", "git tag v1", "git tag -d v1", "git config user.name x",
			"git config --unset user.name", "git config --add x.y z", "git remote add o url",
			"git remote show origin", "git stash", "git stash pop", "git worktree add x",
			"git reflog expire --all", "git symbolic-ref HEAD refs/heads/x", "git st", "git commit -m x",
			"git fetch", "git pull", "git push", "git help log", "git -C ../x status", "git config --includes -f x --list",
			"git --git-dir=/tmp/x log", "git --work-tree=.. status", "git log -O/etc/passwd", "git diff -O link",
			"go vet -vettool=./x ./...", "go vet -toolexec=./x ./...", "go vet --toolexec ./x ./...",
			"go vet -overlay=o.json ./...", "go list -exec=./x ./...", "go env -u GOFLAGS", "go doc -http=:6060",
			"go build ./...", "go test ./...", "go run .", "go generate ./...", "go -C internal vet",
			"gofmt -w .", "gofmt -cpuprofile=x .",
			"find . -delete", "find . -exec rm {} ;", "find . -execdir ls ;", "find . -ok rm {} ;",
			"find . -fprint out", "find . -fprintf out %p", "find . -fls out", "find -L . -name x",
			"find . -follow", "find . -files0-from x", "find -delete", "find . -name x -delete",
			"fd -X rm", "fd --exec rm", "fd --exec-batch rm", "fd -xec", "fd -Hx ls", "fd -L x", "fd -l x", "fd --base-directory sub x",
			"rg --pre ./x x", "rg --pre=./x x", "rg --pre-glob '*' x", "rg -z x", "rg --search-zip x",
			"rg --hostname-bin ./x x", "rg -L x", "rg --follow x",
			"grep -R x .", "grep --dereference-recursive x .", "grep -d dangerous x .",
			"ls -L", "ls --dereference", "ls -H link", "du -L .", "du --dereference .", "tree -l",
			"diff -r internal sub", "diff --recursive internal sub", "diff -N a b", "diff -l a b",
			"jq 'import \"x\" as $x; .' go.mod", "jq 'include \"x\"; .' go.mod", "jq -L /tmp . go.mod",
			"jq -f filter.jq go.mod", "jq '\"x\" | modulemeta' go.mod", "strings @names.txt",
			"sed -i s/a/b/ main.go", "sed --in-place s/a/b/ main.go", "sed -n 's/a/b/w out' main.go",
			"sed -e 's/a/b/e' main.go", "sed '1r /etc/passwd' main.go", "sed 'w out' main.go",
			"sed -f script.sed main.go", "sed 'e ls' main.go", "sed -n '1,2W out' main.go",
			"ps e", "ps axe", "ps eww", "ps -aux", "ps -o environ", "ps eo pid", "ps -n namelist",
			"ps -O environ", "ps --format=environ",
			"test -v 'a[$(touch x)]'", "cd", "cd -", "cd -P internal", "cd ..", "cd /tmp", "cd internal extra",
			"env -C / ls", "env --chdir=/ ls", "env FOO=1 ls", "env -a x ls",
			"xargs cat", "busybox ls", "timeout -k 1 5 sudoedit-not x",
			"bash -i -c ls", "bash -l -c ls", "bash --login -c ls", "bash -O expand_aliases -c ls",
			"bash -o history -c ls", "zsh -c ls", "bash script.sh", "bash -s", "nice --5 ls",
			"command -p ls -la x/../..", "script -c ls",
		},
	}
	for want, lines := range cases {
		for _, line := range lines {
			a := Analyze(line, w)
			if got := verdict(a); got != want {
				t.Errorf("Analyze(%q) = %s, want %s (risks %q, unchecked %q, commands %+v)",
					line, got, want, a.Risks, a.Unchecked, a.Commands)
			}
		}
	}
}
