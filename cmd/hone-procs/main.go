// Command hone-procs is Hone's process supervisor: hone starts it with a
// socket on descriptor 3 and the argument __procs, and it starts every
// child process Hone asks for, applies their sandbox, and kills them all
// when hone exits or dies. It links only the supervisor and the sandbox,
// so it is ready in a few milliseconds; hone falls back to serving the
// supervisor itself (`hone __procs`) when hone-procs is not next to it.
package main

import (
	"fmt"
	"os"

	"github.com/honecode/hone/internal/procgroup"
	"github.com/honecode/hone/internal/sandbox"
)

func main() {
	if len(os.Args) != 2 || os.Args[1] != procgroup.ServeArg {
		fmt.Fprintln(os.Stderr, "hone-procs is Hone's process supervisor; hone starts it (run hone instead)")
		os.Exit(2)
	}
	os.Exit(procgroup.Serve(os.NewFile(3, "hone-procs"), sandbox.Confine))
}
