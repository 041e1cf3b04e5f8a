package ignore

import "testing"

func TestMatch(t *testing.T) {
	t.Parallel()
	cases := []struct {
		patterns  string
		path      string
		dir       bool
		matched   bool
		ignored   bool
		rationale string
	}{
		{"*.log", "a.log", false, true, true, "suffix"},
		{"*.log", "x/y/a.log", false, true, true, "unanchored patterns match the name at any depth"},
		{"*.log", "a.log.txt", false, false, false, "suffix only"},
		{"*.log\n!keep.log", "keep.log", false, true, false, "a later negation wins"},
		{"!keep.log\n*.log", "keep.log", false, true, true, "a later pattern wins over an earlier negation"},
		{"build/", "build", true, true, true, "directory-only matches a directory"},
		{"build/", "build", false, false, false, "directory-only skips files"},
		{"/build", "build", false, true, true, "a leading slash anchors"},
		{"/build", "x/build", false, false, false, "anchored: not deeper"},
		{"a/b", "a/b", false, true, true, "a middle slash anchors"},
		{"a/b", "x/a/b", false, false, false, "a middle slash anchors: not deeper"},
		{"**/b", "x/y/b", false, true, true, "leading ** matches any depth"},
		{"**/b", "b", false, true, true, "leading ** matches no directory too"},
		{"a/**/b", "a/b", false, true, true, "middle ** matches zero directories"},
		{"a/**/b", "a/x/y/b", false, true, true, "middle ** matches several directories"},
		{"a/**", "a", true, false, false, "trailing ** matches what is inside, not the directory"},
		{"a/**", "a/x/y", false, true, true, "trailing ** matches everything inside"},
		{"a*", "abc", false, true, true, "prefix"},
		{"a*", "x/abc", false, true, true, "prefix on the name"},
		{"a*c", "abc", false, true, true, "wildcard in the middle"},
		{"a/*.c", "a/x/y.c", false, false, false, "* never crosses a slash"},
		{"?.c", "x.c", false, true, true, "? one character"},
		{"?.c", "xy.c", false, false, false, "? exactly one character"},
		{"*.[oa]", "x.o", false, true, true, "bracket"},
		{"*.[!oa]", "x.o", false, false, false, "negated bracket with !"},
		{"*.[^oa]", "x.c", false, true, true, "negated bracket with ^"},
		{"[]]x", "]x", false, true, true, "a leading ] is literal in a bracket"},
		{"[[:digit:]]x", "7x", false, true, true, "POSIX class"},
		{"[[:digit:]]x", "ax", false, false, false, "POSIX class: no match"},
		{"{a,b}", "a", false, false, false, "braces are literal"},
		{"{a,b}", "{a,b}", false, true, true, "braces are literal"},
		{`\#x`, "#x", false, true, true, "escaped comment sign"},
		{"#x", "#x", false, false, false, "a comment"},
		{`\!x`, "!x", false, true, true, "escaped negation sign"},
		{"x  ", "x", false, true, true, "trailing spaces are dropped"},
		{`x\ `, "x ", false, true, true, "an escaped trailing space stays"},
		{"x\r", "x", false, true, true, "CRLF lines"},
		{`a\*`, "a*", false, true, true, "escaped star is literal"},
		{`a\*`, "ab", false, false, false, "escaped star is literal"},
		{"[a", "[a", false, false, false, "an unclosed bracket never matches"},
		{"x\n\n  \n# c\ny", "y", false, true, true, "blank lines and comments"},
		{"**", "a/b", false, true, true, "** alone matches everything"},
		{"/", "a", false, false, false, "a lone slash is no pattern"},
	}
	for _, c := range cases {
		f := Parse([]byte(c.patterns))
		m, ign := f.Match(c.path, c.dir)
		if m != c.matched || ign != c.ignored {
			t.Errorf("%s: patterns %q, path %q (dir %v): matched %v ignored %v, want %v %v",
				c.rationale, c.patterns, c.path, c.dir, m, ign, c.matched, c.ignored)
		}
	}
}

func TestReadMissing(t *testing.T) {
	t.Parallel()
	if _, err := Read(t.TempDir() + "/.gitignore"); err == nil {
		t.Fatal("no error for a missing file")
	}
	var f *File
	if m, _ := f.Match("x", false); m || !f.Empty() {
		t.Fatal("a nil File matches")
	}
}

func BenchmarkMatch(b *testing.B) {
	f := Parse([]byte("*.log\n/build/\nnode_modules/\n*.tmp\n!keep.tmp\ngenerated_*.go\ndocs/**/draft*\n"))
	for b.Loop() {
		f.Match("pkg123/file123.go", false)
		f.Match("pkg123", true)
	}
}
