// Command hone-gemini serves hone's Gemini calls: hone starts it with
// the argument __provider when a run first needs a Gemini provider, and
// sends it calls on stdin; it answers on stdout, and sends every HTTP
// request of genai back to hone, which makes it (internal/llm/remote).
// It links genai and the Gemini adapter alone, so hone does not: genai's
// imports (Google Cloud auth, gRPC, protobuf) initialized on every
// command. hone falls back to `hone-full __provider` when hone-gemini is
// not next to it. It exits when its stdin closes.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/honecode/hone/internal/llm/gemini"
	"github.com/honecode/hone/internal/llm/remote"
)

func main() {
	if len(os.Args) != 2 || os.Args[1] != remote.ServeArg {
		fmt.Fprintln(os.Stderr, "hone-gemini serves hone's Gemini calls; hone starts it (run hone instead)")
		os.Exit(2)
	}
	if err := remote.Serve(context.Background(), os.Stdin, os.Stdout, gemini.FromSpec); err != nil {
		fmt.Fprintln(os.Stderr, "hone-gemini:", err)
		os.Exit(1)
	}
}
