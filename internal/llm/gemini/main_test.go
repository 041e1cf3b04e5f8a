package gemini

import (
	"context"
	"os"
	"testing"

	"github.com/honecode/hone/internal/llm/remote"
)

// helperArg makes this test binary serve the Gemini client as the
// hone-gemini helper does.
const helperArg = "__gemini-helper"

func TestMain(m *testing.M) {
	if len(os.Args) == 2 && os.Args[1] == helperArg {
		if err := remote.Serve(context.Background(), os.Stdin, os.Stdout, FromSpec); err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}
