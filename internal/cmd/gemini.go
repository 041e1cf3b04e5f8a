package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/honecode/hone/internal/llm/remote"
)

// GeminiName is the small executable that serves Gemini calls for hone
// (internal/llm/remote): hone does not link genai, whose imports (Google
// Cloud auth, gRPC, protobuf) would initialize on every command.
const GeminiName = "hone-gemini"

// geminiHelper is the command line of the process that serves hone's
// Gemini calls: hone-gemini next to this executable, else hone-full
// there (which links genai too, and is slower to start); else an error
// that says how to install them.
func geminiHelper() ([]string, error) {
	exe := ""
	for _, name := range []string{GeminiName, FullName} {
		path, e, err := siblingPath(name)
		if err == nil {
			return []string{path, remote.ServeArg}, nil
		}
		if !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("find %s: %w", name, err)
		}
		exe = e
	}
	return nil, fmt.Errorf("the Gemini providers run in %s, which is not next to %s: build it with %s", GeminiName, exe, buildHint)
}

// serveGemini serves Gemini calls on stdin and stdout (`hone-full
// __provider`, started by hone when hone-gemini is missing). build is
// nil where genai is not linked.
func serveGemini(ctx context.Context, build remote.BuildFunc, io IO) int {
	if build == nil {
		fmt.Fprintf(io.Err, "hone: this executable does not link the Gemini client; %s or %s serves it\n", GeminiName, FullName)
		return 2
	}
	if err := remote.Serve(ctx, os.Stdin, os.Stdout, build); err != nil {
		fmt.Fprintln(io.Err, "hone:", err)
		return 1
	}
	return 0
}
