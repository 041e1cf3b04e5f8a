package shell

import "testing"

// TestDenyPatternsMatchNormalizedCommands: a deny rule matches what runs,
// however it is spelled.
func TestDenyPatternsMatchNormalizedCommands(t *testing.T) {
	t.Parallel()
	w := project(t)
	cases := []struct {
		pattern string
		denied  []string
		allowed []string
	}{
		{"rm -rf*", []string{
			"rm -rf build", "rm -fr build", "rm -r -f build", "rm -f -r build", "rm -R -f build",
			"rm -Rf build", "rm -rfv build", "rm -vrf build", "rm --recursive --force build",
			"rm --force -r build", "/bin/rm -rf build", "/usr/bin/rm -fr build", "./rm -rf x",
			"\\rm -rf build", "'rm' -rf build", "r\"m\" -rf build", "rm -r\"f\" build", "rm -{r,f} build",
			"{rm,-rf,build}", "env rm -rf build", "env -i rm -rf build", "command rm -rf build",
			"exec rm -rf build", "nohup rm -rf build", "nice -n 5 rm -rf build", "timeout 5 rm -rf build",
			"stdbuf -oL rm -rf build", "time rm -rf build", "setsid rm -rf build", "busybox rm -rf build",
			"xargs rm -rf", "ls | xargs -n1 rm -rf", "find . -exec rm -rf {} +", "fd -x rm -rf",
			"find . -delete", "find build -name '*.o' -delete", "bash -c 'rm -rf build'",
			"sh -c \"rm -fr build\"", "bash -c \"bash -c 'rm -r -f x'\"", "eval 'rm -rf x'",
			"eval rm -rf x", "ls && rm -rf x", "true; rm -rf x", "(rm -rf x)", "echo $(rm -rf x)",
			"f() { rm -rf x; }", "rm $flags build", "rm \"$f\" build", "$x -rf build", "\"$RM\" -rf /",
			"x=rm; $x -rf /", "rm -rf", "watch rm -rf x", "flock l rm -rf x", "flock l -c 'rm -rf x'",
			"env -S 'rm -rf x'", "trap 'rm -rf x' EXIT", "rm --rec --for x", "rm --recursive -f x", "bash <<<'rm -rf x'", "sh <<EOF\nrm -rf x\nEOF",
			"echo rm -rf x | sh", "eval \"$cmd\"", "bash -c \"$cmd\"", "$(echo rm) -rf x",
		}, []string{
			"rm build", "rm -r build", "rm -f build", "ls -rf", "grep -rf x", "rm -- -rf",
			"echo rm -rf", "git rm -rf x", "rmdir -rf", "rm *.go",
		}},
		{"git push*", []string{
			"git push", "git push origin main", "/usr/bin/git push", "git --no-pager push",
			"git -C . push", "git -C sub push", "git -c user.name=x push", "git --git-dir=.git push",
			"git --git-dir .git push", "git --work-tree=. push", "git -P push", "git --literal-pathspecs push",
			"git-push origin", "env git push", "bash -c 'git push'", "git $sub", "git \"$x\" origin",
			"git -C \"$d\" push", "g\\it push", "'git' push", "git pu\\sh", "git st", "git p origin",
			"git --unknown-option push",
		}, []string{
			"git status", "git log push", "git commit -m push", "echo git push", "git pull",
			"git -C push status",
		}},
		{"git push --force*", []string{
			"git push --force", "git push -f", "git push origin -f", "git push --force-with-lease",
			"git push origin +main", "git push -fu origin main", "git -C . push --force",
		}, []string{"git push", "git push origin main", "git push --tags"}},
		{"git reset --hard*", []string{"git reset --hard", "git reset --hard HEAD~1", "git -C . reset --hard", "git reset --har"},
			[]string{"git reset", "git reset --soft HEAD~1"}},
		{"git branch -D*", []string{"git branch -D x", "git branch --delete --force x", "git branch -d -f x"},
			[]string{"git branch -d x", "git branch x"}},
		{"npm publish*", []string{"npm publish", "npm --registry x publish", "npx npm publish", "/usr/bin/npm publish --tag x"},
			[]string{"npm install", "npm run publish-docs"}},
		{"rm x*", []string{"unlink x", "rm -f x"}, []string{"rm y"}},
		{"curl*", []string{"curl x", "/usr/bin/curl -s x", "env curl x", "xargs curl"}, []string{"wget x"}},
		{"chmod -R*", []string{"chmod -R 755 x", "chmod --recursive 755 x"}, []string{"chmod 755 x"}},
		{"rm -rf /*", []string{"rm -rf /", "rm -rf /home", "rm -fr / x", "rm -rf x /", "find / -delete"},
			[]string{"rm -rf build"}},
		{"docker rm -f*", []string{"docker rm -f x", "docker rm --force x", "docker --context c rm -f x"},
			[]string{"docker rm x", "docker ps -f x"}},
	}
	for _, tc := range cases {
		p := ParsePattern(tc.pattern)
		for _, line := range tc.denied {
			if !p.Denies(line, Analyze(line, w)) {
				t.Errorf("pattern %q does not deny %q", tc.pattern, line)
			}
		}
		for _, line := range tc.allowed {
			if p.Denies(line, Analyze(line, w)) {
				t.Errorf("pattern %q denies %q", tc.pattern, line)
			}
		}
	}
}
