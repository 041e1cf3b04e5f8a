// Command schemagen writes the JSON Schema of hone.json, generated from the
// config types, to the file given with -o (stdout without it). It runs
// through `go generate ./internal/config` and `task schema`
// (go run ./internal/config/schemagen -o schema/hone.schema.json).
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/honecode/hone/internal/config"
)

func main() {
	out := flag.String("o", "", "output file (default: stdout)")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "schemagen:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	schema, err := config.Schema()
	if err != nil {
		return err
	}
	if out == "" {
		_, err = os.Stdout.Write(schema)
		return err
	}
	if err := os.WriteFile(out, schema, 0o644); err != nil {
		return fmt.Errorf("write schema: %w", err)
	}
	return nil
}
