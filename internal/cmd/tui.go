package cmd

import (
	"context"
	"fmt"
)

// runRoot starts the interactive TUI.
func runRoot(ctx context.Context, f *Factory, opts RootOptions) error {
	_ = ctx
	_ = opts
	fmt.Fprintln(f.IO.Out, `the interactive interface is not built yet; use: hone run "your request"`)
	return nil
}
