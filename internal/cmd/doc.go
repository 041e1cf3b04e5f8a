// Package cmd holds Hone's cobra commands, one file per command. Each
// command turns its flags into an XOptions struct and calls runX(ctx, opts)
// with an IO triple, so tests capture output without a terminal. Typed
// errors map to exit codes in one place (exitcode.go).
package cmd
