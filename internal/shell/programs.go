package shell

// programFor returns the read-only allowlist of a program, or false when
// the program is never read-only. Each program has its own table, in the
// file of its family: programs_files.go (file inspection),
// programs_text.go (text filters and search), programs_system.go (the
// shell and the system), find.go, sed.go, ps.go, git.go and golang.go.
// Options that write files, run other programs, follow symbolic links
// while walking a tree, read lists of file names from a file, or print
// the environment of other processes are left out on purpose.
func programFor(name string) (program, bool) {
	if p, ok := fileProgram(name); ok {
		return p, true
	}
	if p, ok := textProgram(name); ok {
		return p, true
	}
	if p, ok := searchProgram(name); ok {
		return p, true
	}
	switch name {
	case "git":
		return program{judge: gitReadOnly}, true
	case "go":
		return program{judge: goReadOnly}, true
	case "gofmt":
		// Not -w (rewrites files), -cpuprofile (writes a profile).
		return program{goFlags: true, opts: `-l -d -e -s -r=`, notPaths: `-r`}, true
	}
	return systemProgram(name)
}
