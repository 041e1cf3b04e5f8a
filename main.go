// Command hone is an interactive terminal coding agent.
package main

import (
	"context"
	"os"

	"github.com/honecode/hone/internal/cmd"
)

func main() {
	os.Exit(cmd.Main(context.Background(), os.Args[1:], cmd.StdIO()))
}
