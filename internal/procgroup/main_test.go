package procgroup_test

import (
	"bufio"
	"fmt"
	"os"
	"testing"

	"github.com/honecode/hone/internal/procgroup"
)

// fakeHoneArg makes the test binary act as Hone: it starts a script
// through a supervised launcher, prints the script's output and waits to
// be killed.
const fakeHoneArg = "__fake_hone"

func TestMain(m *testing.M) {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case procgroup.ServeArg:
			os.Exit(procgroup.Serve(os.NewFile(3, "procs"), nil))
		case fakeHoneArg:
			os.Exit(fakeHone(os.Args[2]))
		}
	}
	os.Exit(m.Run())
}

func fakeHone(script string) int {
	l := procgroup.NewLauncher(procgroup.Options{Supervisor: []string{os.Args[0], procgroup.ServeArg}, Env: os.Environ()})
	r, w, err := os.Pipe()
	if err != nil {
		fmt.Println("error:", err)
		return 1
	}
	c, err := l.Start(procgroup.Spec{Path: "sh", Args: []string{"-c", script}, Env: os.Environ(), Files: []*os.File{nil, w, w}, Session: true})
	if err != nil {
		fmt.Println("error:", err)
		return 1
	}
	w.Close()
	fmt.Println("supervised:", l.Supervised(), "child:", c.Pid())
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		fmt.Println(sc.Text())
	}
	select {} // until killed
}
