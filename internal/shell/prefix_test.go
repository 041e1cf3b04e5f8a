package shell

import "testing"

func TestPrefix(t *testing.T) {
	t.Parallel()
	cases := []struct{ line, want string }{
		{"go test ./internal/...", "go test"},
		{"go test", "go test"},
		{"git -C sub commit -m x", "git -C sub commit"},
		{"npm run build -- --watch", "npm run build"},
		{"npm install left-pad", "npm install"},
		{"make", "make"},
		{"make test V=1", "make test"},
		{"python3 -m pytest -x", "python3 -m pytest"},
		{"python3 script.py --fast", "python3 script.py"},
		{"python3 -c 'print(1)'", "python3 -c 'print(1)'"},
		{"rm -rf build", "rm"},
		{"./scripts/check.sh --all", "./scripts/check.sh"},
		{"go ./weird", "go ./weird"},
		{"timeout 9 cargo build --release", "cargo build"},
		{"python3 'my script.py' -v", "python3 'my script.py'"},
	}
	for _, tc := range cases {
		a := Analyze(tc.line, Where{})
		if len(a.Commands) != 1 {
			t.Fatalf("Analyze(%q) found %d commands", tc.line, len(a.Commands))
		}
		if got := Prefix(a.Commands[0]); got != tc.want {
			t.Errorf("Prefix(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

func TestCovers(t *testing.T) {
	t.Parallel()
	cases := []struct {
		prefix, line string
		want         bool
	}{
		{"go test", "go test ./...", true},
		{"go test", "go test", true},
		{"go test", "go testx", false},
		{"go test", "go vet", false},
		{"go test", "go 'test x'", false},
		{"rm", "rm -rf x", true},
		{"rm", "rmdir x", false},
		{"", "ls", false},
		{"python3 'my script.py'", "python3 'my script.py' -v", true},
	}
	for _, tc := range cases {
		c := Analyze(tc.line, Where{}).Commands[0]
		if got := Covers(tc.prefix, c); got != tc.want {
			t.Errorf("Covers(%q, %q) = %v, want %v", tc.prefix, tc.line, got, tc.want)
		}
	}
}

func TestPrefixesSkipReadOnly(t *testing.T) {
	t.Parallel()
	got := Analyze("go build ./... && ls && go test ./x && go test ./y", project(t)).Prefixes()
	if len(got) != 2 || got[0] != "go build" || got[1] != "go test" {
		t.Errorf("Prefixes = %q", got)
	}
}
